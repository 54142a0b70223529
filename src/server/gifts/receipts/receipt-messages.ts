import { GLOSSARY, type Language } from '../../../shared/languages';

/**
 * What a receipt says in Tamil and Hindi beside its English: the labels of its rows and its
 * notices. English is the receipt's own text (receipt-text.ts), printed on every receipt, since the
 * Income-tax Department reads English; a Tamil or Hindi donor's receipt adds these under it. Each
 * language is the same typed table, so a key missing in one fails the type check.
 */

export type ReceiptRowKey =
  | 'number'
  | 'date'
  | 'receivedFrom'
  | 'address'
  | 'pan'
  | 'aadhaar'
  | 'giftInKind'
  | 'estimatedValue'
  | 'valueInWords'
  | 'amount'
  | 'amountInWords'
  | 'modeOfPayment'
  | 'purpose'
  | 'appeal'
  | 'memory'
  | 'honour';

export interface ReceiptMessages {
  title: string;
  titleInKind: string;
  rows: Record<ReceiptRowKey, string>;
  /** The trust's approval: `provision` in English as the law names it (section 354 …). */
  approval(facts: { trust: string; section: string }): string;
  noDeductionInKind(section: string): string;
  noDeductionCash(facts: { limit: string; section: string }): string;
  missingTaxId(facts: { section: string; email: string }): string;
  certificate(form: string): string;
  cancelled(on: string | null): string;
  signatory: string;
  footer: string;
}

const ta = GLOSSARY.ta;
const hi = GLOSSARY.hi;

export const RECEIPT_MESSAGES: Record<Exclude<Language, 'en'>, ReceiptMessages> = {
  ta: {
    title: ta.donationReceipt,
    titleInKind: 'பொருள் நன்கொடைக்கான ஒப்புகைச் சீட்டு',
    rows: {
      number: ta.receiptNumber,
      date: 'தேதி',
      receivedFrom: 'வழங்கியவர்',
      address: 'முகவரி',
      pan: ta.pan,
      aadhaar: ta.aadhaar,
      giftInKind: ta.giftInKind,
      estimatedValue: 'மதிப்பிட்ட மதிப்பு',
      valueInWords: 'மதிப்பு (எழுத்தில்)',
      amount: 'தொகை',
      amountInWords: 'தொகை (எழுத்தில்)',
      modeOfPayment: 'செலுத்திய முறை',
      purpose: 'நோக்கம்',
      appeal: 'வேண்டுகோள்',
      memory: 'நினைவாக',
      honour: 'கௌரவிக்கும் வகையில்',
    },
    approval: ({ trust, section }) =>
      `${trust} வருமான வரிச் சட்டத்தின் கீழ் அங்கீகாரம் பெற்ற ${ta.trust}. இதற்கு வழங்கும் நன்கொடைகளுக்கு, அப்பிரிவின் நிபந்தனைகளுக்கு உட்பட்டு, ${ta.section(section)}-இன் கீழ் ${ta.deduction} பெறலாம்.`,
    noDeductionInKind: (section) =>
      `இது பொருளாக வழங்கிய நன்கொடைக்கான ஒப்புகைச் சீட்டு; வரி ரசீது அல்ல. பொருள் நன்கொடைக்கு ${ta.section(section)}-இன் கீழ் ${ta.deduction} கிடைக்காது. குறிப்பிட்டுள்ள மதிப்பு அறக்கட்டளையின் சொந்த மதிப்பீடு.`,
    noDeductionCash: ({ limit, section }) =>
      `இந்த நன்கொடை ${limit}-க்கு மேல் ரொக்கமாகப் பெறப்பட்டதால், ${ta.section(section)}-இன் கீழ் இதற்கு ${ta.deduction} கிடைக்காது.`,
    missingTaxId: ({ section, email }) =>
      `இந்த நன்கொடையுடன் பான் அல்லது ஆதார் எண் தரப்படவில்லை; எனவே இந்த ரசீது ஒப்புகை மட்டுமே. ${ta.section(section)}-இன் கீழ் ${ta.deduction} பெற, உங்கள் பான் அல்லது ஆதார் எண்ணை அறக்கட்டளை ${ta.incomeTaxDepartment}க்குத் தெரிவிக்க வேண்டும்: அதைச் சேர்க்க, இந்த ரசீது எண்ணுடன் ${email} முகவரிக்கு எழுதுங்கள்.`,
    certificate: (form) =>
      `இது நன்கொடை ரசீது. ஆண்டுக்கான நன்கொடை அறிக்கையை அறக்கட்டளை தாக்கல் செய்த பிறகு, நன்கொடைச் சான்றிதழ் (${form}) ${ta.incomeTaxDepartment}யின் இணையதளத்தின் மூலம் வழங்கப்படும்.`,
    cancelled: (on) => `ரத்து செய்யப்பட்டது${on ? ` (${on})` : ''}: இந்த ரசீது இனி செல்லாது.`,
    signatory: 'அங்கீகரிக்கப்பட்ட கையொப்பதாரர்',
    footer: 'கணினியில் உருவாக்கப்பட்ட ரசீது',
  },
  hi: {
    title: hi.donationReceipt,
    titleInKind: 'वस्तु के रूप में मिले दान की पावती',
    rows: {
      number: hi.receiptNumber,
      date: 'दिनांक',
      receivedFrom: 'दानदाता',
      address: 'पता',
      pan: hi.pan,
      aadhaar: hi.aadhaar,
      giftInKind: hi.giftInKind,
      estimatedValue: 'अनुमानित मूल्य',
      valueInWords: 'मूल्य (शब्दों में)',
      amount: 'राशि',
      amountInWords: 'राशि (शब्दों में)',
      modeOfPayment: 'भुगतान का तरीका',
      purpose: 'उद्देश्य',
      appeal: 'अपील',
      memory: 'की स्मृति में',
      honour: 'के सम्मान में',
    },
    approval: ({ trust, section }) =>
      `${trust} आयकर कानून के तहत मान्यता प्राप्त ${hi.trust} है। इसे दिया गया दान, उस धारा की शर्तों के अधीन, ${hi.section(section)} के तहत ${hi.deduction} के योग्य है।`,
    noDeductionInKind: (section) =>
      `यह वस्तु के रूप में मिले दान की पावती है, कर रसीद नहीं: ऐसे दान पर ${hi.section(section)} के तहत ${hi.deduction} नहीं मिलती। लिखा गया मूल्य ट्रस्ट का अपना अनुमान है।`,
    noDeductionCash: ({ limit, section }) =>
      `यह दान ${limit} से अधिक नकद में मिला है, इसलिए इस पर ${hi.section(section)} के तहत ${hi.deduction} नहीं मिलती।`,
    missingTaxId: ({ section, email }) =>
      `इस दान के साथ पैन या आधार नहीं दिया गया, इसलिए यह रसीद केवल पावती है। ${hi.section(section)} के तहत ${hi.deduction} के लिए ट्रस्ट को आपका पैन या आधार ${hi.incomeTaxDepartment} को बताना होता है: इसे जोड़ने के लिए इस रसीद संख्या के साथ ${email} पर लिखें।`,
    certificate: (form) =>
      `यह दान रसीद है। ट्रस्ट द्वारा वर्ष का दान विवरण दाखिल करने के बाद दान प्रमाणपत्र (${form}) ${hi.incomeTaxDepartment} के पोर्टल से जारी होता है।`,
    cancelled: (on) => `रद्द${on ? ` (${on})` : ''}: यह रसीद अब मान्य नहीं है।`,
    signatory: 'अधिकृत हस्ताक्षरकर्ता',
    footer: 'कंप्यूटर से बनी रसीद',
  },
};
