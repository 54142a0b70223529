// Over 250 lines on purpose: data, not logic: every mail's words in English, Tamil and Hindi under one
// type, so a sentence added in one language fails the type check until the other two have it.
import { GLOSSARY, type Language } from '../../../shared/languages';

/**
 * Every sentence of a donor's mail, in each language the trust writes in (shared/languages.ts).
 * One interface, one object per language: a key missing in one language fails the type check
 * (`satisfies`), and messages.test.ts checks the same at run time. Amounts arrive formatted
 * (formatReceiptRupees: ₹1,00,000.00, Indian grouping in every language); the terms come from the
 * glossary.
 */
export interface MailMessages {
  dear(name: string): string;
  thanks: string;

  receiptSubject(number: string): string;
  receiptSubjectInKind(number: string): string;
  receiptReceived(amount: string, appealTitle: string | null): string;
  receiptReceivedInKind(description: string): string;
  receiptAttached(number: string): string;
  receiptAttachedInKind(number: string): string;
  downloadReceipt: string;
  downloadNote: string;
  /** `section`: the glossary's section name in this language (`பிரிவு 133`). */
  taxIdMissing(section: string, email: string): string;
  receiptCancelled(number: string): string;

  instrument: Record<'cheque' | 'demand draft', string>;
  bouncedSubject(instrument: string): string;
  bouncedBody(facts: { instrument: string; reference: string; amount: string; reason: string }): string;
  bouncedGiveAgain(instrument: string, email: string): string;

  failedSubject: string;
  failedBody(amount: string): string;
  tryAgain: string;

  monthlyStartedSubject: string;
  monthlyStartedBody(amount: string): string;
  monthlyHaltedSubject: string;
  monthlyHaltedBody(amount: string): string;
  monthlyHaltedRestart: string;
  /** A charge failed and Razorpay is trying again (the subscription `pending`): the donor can start afresh. */
  monthlyAtRiskSubject: string;
  monthlyAtRiskBody(amount: string): string;
  monthlyAtRiskRestart: string;
  donateAgain: string;
  monthlyCancelledSubject: string;
  monthlyCancelledBody(amount: string): string;
  monthlyCancelledThanks: string;
  donate: string;

  refundSubject: string;
  refundBody(amount: string): string;
  partialRefundSubject: string;
  partialRefundBody(facts: { refunded: string; of: string; kept: string }): string;
  receiptReplaced(facts: { cancelled: string; issued: string; kept: string }): string;

  appealUpdateSubject(title: string): string;
  appealUpdateIntro(title: string): string;
  appealUpdateLink: string;
  appealUpdateWhy: string;

  donorLinkSubject: string;
  donorLinkIntro: string;
  donorLinkOpen: string;
  donorLinkNote: string;

  /** The footer of every donor mail, and of mail a donor can stop. */
  donorPageLine: string;
  donorPageLink: string;
  donorPageNote: string;
  unsubscribeLine: string;
  unsubscribeLink: string;
}

const ta = GLOSSARY.ta;
const hi = GLOSSARY.hi;

export const MAIL_MESSAGES = {
  en: {
    dear: (name) => `Dear ${name},`,
    thanks: 'Thank you for standing with the animals in our care.',
    receiptSubject: (number) => `Your donation receipt ${number}`,
    receiptSubjectInKind: (number) => `Acknowledgement of your gift ${number}`,
    receiptReceived: (amount, appeal) =>
      `We have received your donation of ${amount}${appeal ? ` to the appeal “${appeal}”` : ''}.`,
    receiptReceivedInKind: (description) => `We have received your gift of ${description}.`,
    receiptAttached: (number) => `Your donation receipt ${number} is attached as a PDF.`,
    receiptAttachedInKind: (number) => `Your acknowledgement ${number} is attached as a PDF.`,
    downloadReceipt: 'Download your receipt',
    downloadNote: 'The download link works for 18 months; after that your receipts are on your own page, linked below.',
    taxIdMissing: (section, email) =>
      `To claim a deduction under ${section}, we must report your PAN or Aadhaar to the Income-tax Department. Reply to ${email} with it and your receipt number if you want us to.`,
    receiptCancelled: (number) =>
      `Receipt ${number} for this donation is cancelled and can no longer be used for a deduction.`,
    instrument: { cheque: 'cheque', 'demand draft': 'demand draft' },
    bouncedSubject: (instrument) => `Your ${instrument} was returned unpaid`,
    bouncedBody: ({ instrument, reference, amount, reason }) =>
      `Your ${instrument} No. ${reference} for ${amount} was returned unpaid by the bank (${reason}), so the donation did not reach us.`,
    bouncedGiveAgain: (instrument, email) =>
      `If you would still like to give, you can send a new ${instrument} or donate on our website. Write to ${email} with any question.`,
    failedSubject: 'Your donation did not go through',
    failedBody: (amount) =>
      `Your payment of ${amount} did not go through, and no money was taken for it. If any amount was debited, your bank returns it within a few working days.`,
    tryAgain: 'Try again',
    monthlyStartedSubject: 'Your monthly donation has started',
    monthlyStartedBody: (amount) =>
      `Your monthly donation of ${amount} has started. Each month's payment brings its own receipt by e-mail.`,
    monthlyHaltedSubject: 'Your monthly donation is paused: a payment failed',
    monthlyHaltedBody: (amount) =>
      `We could not collect this month's donation of ${amount}, and after several attempts your monthly donation is paused. Nothing more will be charged.`,
    monthlyHaltedRestart: 'If you would like to keep giving, you can start again on our donate page.',
    monthlyAtRiskSubject: 'A payment for your monthly donation did not go through',
    monthlyAtRiskBody: (amount) =>
      `We could not collect this month's donation of ${amount}. Your bank or card may have declined it; Razorpay will try again over the next few days.`,
    monthlyAtRiskRestart:
      'If your card has expired or changed, you can start your monthly donation again with a new card: the form below is already filled in.',
    donateAgain: 'Donate again',
    monthlyCancelledSubject: 'Your monthly donation is cancelled',
    monthlyCancelledBody: (amount) => `Your monthly donation of ${amount} is cancelled; nothing more will be charged.`,
    monthlyCancelledThanks: 'Thank you for every month you gave. You are welcome back at any time.',
    donate: 'Donate',
    refundSubject: 'Your donation has been refunded',
    refundBody: (amount) =>
      `We have refunded your donation of ${amount}. It reaches your account in 5 to 7 working days, depending on your bank.`,
    partialRefundSubject: 'Part of your donation has been refunded',
    partialRefundBody: ({ refunded, of, kept }) =>
      `We have refunded ${refunded} of your donation of ${of}; we keep ${kept}. The refund reaches your account in 5 to 7 working days, depending on your bank.`,
    receiptReplaced: ({ cancelled, issued, kept }) =>
      `Receipt ${cancelled} is cancelled. Your new receipt ${issued}, for the ${kept} we keep, is attached as a PDF: use it for your deduction.`,
    appealUpdateSubject: (title) => `Update: ${title}`,
    appealUpdateIntro: (title) => `News of “${title}”, the appeal you gave to:`,
    appealUpdateLink: 'See the appeal and its photos',
    appealUpdateWhy: 'You receive these updates because you gave to this appeal.',
    donorLinkSubject: 'Your giving: receipts and statements',
    donorLinkIntro: 'You asked for a link to your page: your donations, receipts and yearly statements.',
    donorLinkOpen: 'Open my giving',
    donorLinkNote: 'The link works for 24 hours. If you did not ask for it, you can ignore this message.',
    donorPageLine: 'See all your gifts and receipts:',
    donorPageLink: 'my giving',
    donorPageNote: 'The link works for 24 hours; after that, ask for a new one on the same page.',
    unsubscribeLine: 'No more appeal updates?',
    unsubscribeLink: 'Stop these updates (this appeal’s, or all)',
  },
  ta: {
    dear: (name) => `அன்புள்ள ${name},`,
    thanks: 'எங்கள் பராமரிப்பில் உள்ள விலங்குகளுக்குத் துணை நிற்பதற்கு மனமார்ந்த நன்றி.',
    receiptSubject: (number) => `உங்கள் ${ta.donationReceipt} ${number}`,
    receiptSubjectInKind: (number) => `உங்கள் பொருள் நன்கொடைக்கான ${ta.acknowledgement} ${number}`,
    receiptReceived: (amount, appeal) =>
      appeal
        ? `“${appeal}” வேண்டுகோளுக்கு நீங்கள் அளித்த ${amount} நன்கொடை எங்களுக்குக் கிடைத்தது.`
        : `நீங்கள் அளித்த ${amount} நன்கொடை எங்களுக்குக் கிடைத்தது.`,
    receiptReceivedInKind: (description) => `நீங்கள் வழங்கிய ${description} எங்களுக்குக் கிடைத்தது.`,
    receiptAttached: (number) => `உங்கள் ${ta.donationReceipt} ${number} இந்த மின்னஞ்சலுடன் PDF ஆக இணைக்கப்பட்டுள்ளது.`,
    receiptAttachedInKind: (number) => `உங்கள் ${ta.acknowledgement} ${number} இந்த மின்னஞ்சலுடன் PDF ஆக இணைக்கப்பட்டுள்ளது.`,
    downloadReceipt: 'ரசீதைப் பதிவிறக்குங்கள்',
    downloadNote: 'பதிவிறக்க இணைப்பு 18 மாதங்கள் செயல்படும்; அதன் பிறகு உங்கள் ரசீதுகள் கீழே இணைப்பில் உள்ள உங்கள் பக்கத்தில் இருக்கும்.',
    taxIdMissing: (section, email) =>
      `${section}-இன் கீழ் ${ta.deduction} பெற, உங்கள் பான் அல்லது ஆதார் எண்ணை நாங்கள் ${ta.incomeTaxDepartment}க்குத் தெரிவிக்க வேண்டும். நீங்கள் விரும்பினால், அந்த எண்ணையும் ரசீது எண்ணையும் ${email} முகவரிக்கு அனுப்புங்கள்.`,
    receiptCancelled: (number) =>
      `இந்த நன்கொடைக்கான ரசீது ${number} ரத்து செய்யப்பட்டது; இனி அதை ${ta.deduction} பெறப் பயன்படுத்த முடியாது.`,
    instrument: { cheque: 'காசோலை', 'demand draft': 'வரைவோலை' },
    bouncedSubject: (instrument) => `உங்கள் ${instrument} பணமாகாமல் திரும்பி வந்தது`,
    bouncedBody: ({ instrument, reference, amount, reason }) =>
      `${amount}-க்கான உங்கள் ${instrument} (எண் ${reference}) வங்கியால் பணமாக்கப்படாமல் திருப்பி அனுப்பப்பட்டது (${reason}); எனவே அந்த நன்கொடை எங்களுக்கு வந்து சேரவில்லை.`,
    bouncedGiveAgain: (instrument, email) =>
      `இன்னும் நன்கொடை அளிக்க விரும்பினால், புதிய ${instrument} அனுப்பலாம் அல்லது எங்கள் இணையதளத்தில் நன்கொடை அளிக்கலாம். ஏதேனும் கேள்வி இருந்தால் ${email} முகவரிக்கு எழுதுங்கள்.`,
    failedSubject: 'உங்கள் நன்கொடை நிறைவடையவில்லை',
    failedBody: (amount) =>
      `உங்கள் ${amount} கட்டணம் நிறைவடையவில்லை; இதற்காக எந்தப் பணமும் எடுக்கப்படவில்லை. ஏதேனும் தொகை கழிக்கப்பட்டிருந்தால், சில வேலை நாட்களில் உங்கள் வங்கி அதைத் திருப்பித் தரும்.`,
    tryAgain: 'மீண்டும் முயலுங்கள்',
    monthlyStartedSubject: `உங்கள் ${ta.monthlyGift} தொடங்கியது`,
    monthlyStartedBody: (amount) =>
      `மாதம் ${amount} என்ற உங்கள் ${ta.monthlyGift} தொடங்கியது. ஒவ்வொரு மாதக் கட்டணத்திற்கும் தனி ரசீது மின்னஞ்சலில் வரும்.`,
    monthlyHaltedSubject: `உங்கள் ${ta.monthlyGift} நிறுத்திவைக்கப்பட்டது: ஒரு கட்டணம் நிறைவடையவில்லை`,
    monthlyHaltedBody: (amount) =>
      `இந்த மாதத்திற்கான ${amount} நன்கொடையைப் பலமுறை முயன்றும் எங்களால் பெற முடியவில்லை; அதனால் உங்கள் ${ta.monthlyGift} நிறுத்திவைக்கப்பட்டுள்ளது. இனி எந்தத் தொகையும் எடுக்கப்படாது.`,
    monthlyHaltedRestart: 'தொடர்ந்து நன்கொடை அளிக்க விரும்பினால், எங்கள் நன்கொடைப் பக்கத்தில் மீண்டும் தொடங்கலாம்.',
    monthlyAtRiskSubject: `உங்கள் ${ta.monthlyGift}க்கான ஒரு கட்டணம் நிறைவடையவில்லை`,
    monthlyAtRiskBody: (amount) =>
      `இந்த மாதத்திற்கான ${amount} நன்கொடையை எங்களால் பெற முடியவில்லை. உங்கள் வங்கி அல்லது அட்டை அதை மறுத்திருக்கலாம்; அடுத்த சில நாட்களில் Razorpay மீண்டும் முயலும்.`,
    monthlyAtRiskRestart: `உங்கள் அட்டை காலாவதியானாலோ மாறியிருந்தாலோ, புதிய அட்டையுடன் உங்கள் ${ta.monthlyGift}யை மீண்டும் தொடங்கலாம்: கீழே உள்ள படிவம் ஏற்கெனவே நிரப்பப்பட்டுள்ளது.`,
    donateAgain: 'மீண்டும் நன்கொடை அளியுங்கள்',
    monthlyCancelledSubject: `உங்கள் ${ta.monthlyGift} ரத்து செய்யப்பட்டது`,
    monthlyCancelledBody: (amount) =>
      `மாதம் ${amount} என்ற உங்கள் ${ta.monthlyGift} ரத்து செய்யப்பட்டது; இனி எந்தத் தொகையும் எடுக்கப்படாது.`,
    monthlyCancelledThanks: 'நீங்கள் நன்கொடை அளித்த ஒவ்வொரு மாதத்திற்கும் நன்றி. எப்போது வேண்டுமானாலும் மீண்டும் வாருங்கள்.',
    donate: 'நன்கொடை அளியுங்கள்',
    refundSubject: 'உங்கள் நன்கொடை திருப்பி அளிக்கப்பட்டது',
    refundBody: (amount) =>
      `உங்கள் ${amount} நன்கொடையைத் திருப்பி அனுப்பியுள்ளோம். உங்கள் வங்கியைப் பொறுத்து, 5 முதல் 7 வேலை நாட்களில் அது உங்கள் கணக்கை வந்தடையும்.`,
    partialRefundSubject: 'உங்கள் நன்கொடையின் ஒரு பகுதி திருப்பி அளிக்கப்பட்டது',
    partialRefundBody: ({ refunded, of, kept }) =>
      `உங்கள் ${of} நன்கொடையில் ${refunded} திருப்பி அனுப்பியுள்ளோம்; ${kept} எங்களிடம் உள்ளது. உங்கள் வங்கியைப் பொறுத்து, 5 முதல் 7 வேலை நாட்களில் அது உங்கள் கணக்கை வந்தடையும்.`,
    receiptReplaced: ({ cancelled, issued, kept }) =>
      `ரசீது ${cancelled} ரத்து செய்யப்பட்டது. எங்களிடம் உள்ள ${kept}-க்கான உங்கள் புதிய ரசீது ${issued} PDF ஆக இணைக்கப்பட்டுள்ளது: ${ta.deduction} பெற அதைப் பயன்படுத்துங்கள்.`,
    appealUpdateSubject: (title) => `செய்தி: ${title}`,
    appealUpdateIntro: (title) => `நீங்கள் நன்கொடை அளித்த “${title}” வேண்டுகோள் பற்றிய செய்தி:`,
    appealUpdateLink: 'வேண்டுகோளையும் அதன் படங்களையும் பாருங்கள்',
    appealUpdateWhy: 'இந்த வேண்டுகோளுக்கு நீங்கள் நன்கொடை அளித்ததால் இந்தச் செய்திகள் உங்களுக்கு வருகின்றன.',
    donorLinkSubject: 'உங்கள் நன்கொடைகள்: ரசீதுகளும் ஆண்டு அறிக்கைகளும்',
    donorLinkIntro: 'உங்கள் பக்கத்திற்கான இணைப்பைக் கேட்டிருந்தீர்கள்: அங்கே உங்கள் நன்கொடைகள், ரசீதுகள், ஆண்டு அறிக்கைகள் இருக்கின்றன.',
    donorLinkOpen: 'என் நன்கொடைகளைத் திறக்க',
    donorLinkNote: 'இந்த இணைப்பு 24 மணி நேரம் செயல்படும். நீங்கள் இதைக் கேட்கவில்லை என்றால், இந்தச் செய்தியைப் புறக்கணிக்கலாம்.',
    donorPageLine: 'உங்கள் எல்லா நன்கொடைகளையும் ரசீதுகளையும் பாருங்கள்:',
    donorPageLink: 'என் நன்கொடைகள்',
    donorPageNote: 'இந்த இணைப்பு 24 மணி நேரம் செயல்படும்; அதன் பிறகு, அதே பக்கத்தில் புதிய இணைப்பைக் கேட்கலாம்.',
    unsubscribeLine: 'வேண்டுகோள் செய்திகள் இனி வேண்டாமா?',
    unsubscribeLink: 'இந்தச் செய்திகளை நிறுத்துங்கள் (இந்த உதவிக் கோரிக்கையினுடையவை, அல்லது அனைத்தும்)',
  },
  hi: {
    dear: (name) => `प्रिय ${name},`,
    thanks: 'हमारी देखरेख में रह रहे जानवरों का साथ देने के लिए दिल से धन्यवाद।',
    receiptSubject: (number) => `आपकी ${hi.donationReceipt} ${number}`,
    receiptSubjectInKind: (number) => `आपके वस्तु दान की ${hi.acknowledgement} ${number}`,
    receiptReceived: (amount, appeal) =>
      appeal ? `हमें “${appeal}” अपील के लिए आपका ${amount} का दान मिल गया है।` : `हमें आपका ${amount} का दान मिल गया है।`,
    receiptReceivedInKind: (description) => `हमें आपका दान मिल गया है: ${description}।`,
    receiptAttached: (number) => `आपकी ${hi.donationReceipt} ${number} इस ई-मेल के साथ PDF के रूप में संलग्न है।`,
    receiptAttachedInKind: (number) => `आपकी ${hi.acknowledgement} ${number} इस ई-मेल के साथ PDF के रूप में संलग्न है।`,
    downloadReceipt: 'अपनी रसीद डाउनलोड करें',
    downloadNote: 'डाउनलोड लिंक 18 महीने तक काम करता है; उसके बाद आपकी रसीदें नीचे दिए लिंक पर, आपके अपने पेज पर मिलेंगी।',
    taxIdMissing: (section, email) =>
      `${section} के तहत ${hi.deduction} के लिए हमें आपका पैन या आधार ${hi.incomeTaxDepartment} को बताना होता है। अगर आप चाहें, तो उसे अपनी रसीद संख्या के साथ ${email} पर भेज दें।`,
    receiptCancelled: (number) =>
      `इस दान की रसीद ${number} रद्द कर दी गई है और अब ${hi.deduction} के लिए इस्तेमाल नहीं की जा सकती।`,
    instrument: { cheque: 'चेक', 'demand draft': 'डिमांड ड्राफ्ट' },
    bouncedSubject: (instrument) => `आपका ${instrument} बिना भुगतान के लौट आया`,
    bouncedBody: ({ instrument, reference, amount, reason }) =>
      `${amount} का आपका ${instrument} (संख्या ${reference}) बैंक ने बिना भुगतान के लौटा दिया (${reason}), इसलिए यह दान हम तक नहीं पहुँचा।`,
    bouncedGiveAgain: (instrument, email) =>
      `अगर आप फिर भी दान देना चाहें, तो नया ${instrument} भेज सकते हैं या हमारी वेबसाइट पर दान कर सकते हैं। कोई भी सवाल हो तो ${email} पर लिखें।`,
    failedSubject: 'आपका दान पूरा नहीं हो पाया',
    failedBody: (amount) =>
      `आपका ${amount} का भुगतान पूरा नहीं हो पाया, और इसके लिए कोई पैसा नहीं कटा। अगर कोई राशि कटी है, तो आपका बैंक उसे कुछ कार्य दिवसों में लौटा देगा।`,
    tryAgain: 'फिर से कोशिश करें',
    monthlyStartedSubject: `आपका ${hi.monthlyGift} शुरू हो गया है`,
    monthlyStartedBody: (amount) =>
      `आपका ${amount} का ${hi.monthlyGift} शुरू हो गया है। हर महीने के भुगतान की रसीद आपको ई-मेल पर अलग से मिलेगी।`,
    monthlyHaltedSubject: `आपका ${hi.monthlyGift} रुक गया है: एक भुगतान नहीं हो पाया`,
    monthlyHaltedBody: (amount) =>
      `हम इस महीने का ${amount} का दान कई कोशिशों के बाद भी नहीं ले पाए, इसलिए आपका ${hi.monthlyGift} रोक दिया गया है। आगे कोई राशि नहीं काटी जाएगी।`,
    monthlyHaltedRestart: 'अगर आप दान जारी रखना चाहें, तो हमारे दान पेज पर फिर से शुरू कर सकते हैं।',
    monthlyAtRiskSubject: `आपके ${hi.monthlyGift} का एक भुगतान नहीं हो पाया`,
    monthlyAtRiskBody: (amount) =>
      `हम इस महीने का ${amount} का दान नहीं ले पाए। हो सकता है आपके बैंक या कार्ड ने इसे अस्वीकार किया हो; Razorpay अगले कुछ दिनों में फिर कोशिश करेगा।`,
    monthlyAtRiskRestart: `अगर आपका कार्ड समाप्त हो गया है या बदल गया है, तो आप नए कार्ड से अपना ${hi.monthlyGift} फिर से शुरू कर सकते हैं: नीचे का फ़ॉर्म पहले से भरा हुआ है।`,
    donateAgain: 'फिर से दान करें',
    monthlyCancelledSubject: `आपका ${hi.monthlyGift} रद्द कर दिया गया है`,
    monthlyCancelledBody: (amount) =>
      `आपका ${amount} का ${hi.monthlyGift} रद्द कर दिया गया है; आगे कोई राशि नहीं काटी जाएगी।`,
    monthlyCancelledThanks: 'जितने महीने आपने दान दिया, उन सबके लिए धन्यवाद। आप कभी भी फिर से जुड़ सकते हैं।',
    donate: 'दान करें',
    refundSubject: 'आपका दान वापस कर दिया गया है',
    refundBody: (amount) =>
      `हमने आपका ${amount} का दान वापस कर दिया है। आपके बैंक के अनुसार यह 5 से 7 कार्य दिवसों में आपके खाते में पहुँच जाएगा।`,
    partialRefundSubject: 'आपके दान का एक हिस्सा वापस कर दिया गया है',
    partialRefundBody: ({ refunded, of, kept }) =>
      `हमने आपके ${of} के दान में से ${refunded} वापस कर दिए हैं; ${kept} हमारे पास रहते हैं। आपके बैंक के अनुसार यह राशि 5 से 7 कार्य दिवसों में आपके खाते में पहुँच जाएगी।`,
    receiptReplaced: ({ cancelled, issued, kept }) =>
      `रसीद ${cancelled} रद्द कर दी गई है। हमारे पास रहे ${kept} की आपकी नई रसीद ${issued} PDF के रूप में संलग्न है: ${hi.deduction} के लिए इसी का उपयोग करें।`,
    appealUpdateSubject: (title) => `अपडेट: ${title}`,
    appealUpdateIntro: (title) => `“${title}” की खबर, जिस अपील में आपने दान दिया था:`,
    appealUpdateLink: 'अपील और उसकी तस्वीरें देखें',
    appealUpdateWhy: 'आपको ये अपडेट इसलिए मिल रहे हैं क्योंकि आपने इस अपील में दान दिया था।',
    donorLinkSubject: 'आपका दान: रसीदें और वार्षिक विवरण',
    donorLinkIntro: 'आपने अपने पेज का लिंक माँगा था: वहाँ आपके दान, रसीदें और वार्षिक विवरण हैं।',
    donorLinkOpen: 'मेरा दान देखें',
    donorLinkNote: 'यह लिंक 24 घंटे काम करेगा। अगर आपने इसे नहीं माँगा था, तो इस संदेश को अनदेखा कर सकते हैं।',
    donorPageLine: 'अपने सभी दान और रसीदें देखें:',
    donorPageLink: 'मेरा दान',
    donorPageNote: 'यह लिंक 24 घंटे काम करता है; उसके बाद उसी पेज पर नया लिंक माँग लें।',
    unsubscribeLine: 'अपील के अपडेट अब नहीं चाहिए?',
    unsubscribeLink: 'ये अपडेट बंद करें (इस अपील के, या सभी)',
  },
} as const satisfies Record<Language, MailMessages>;

/** The messages of a language. */
export const mailMessages = (language: Language | undefined): MailMessages => MAIL_MESSAGES[language ?? 'en'];
