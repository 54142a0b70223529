import { GLOSSARY, type Language } from '../../../shared/languages';

/**
 * The words of the sponsor's own page (transports/routes/sponsor-choice-page.ts) in its address's
 * language: `/my-sponsorship`, `/ta/my-sponsorship`, `/hi/my-sponsorship`.
 */
export interface SponsorPageMessages {
  title: string;
  left: Record<'adopted' | 'returned' | 'died', (animal: string) => string>;
  paused(amount: string): string;
  choose: string;
  sponsorThis(animal: string): string;
  aMonth(amount: string): string;
  keepsAmount(amount: string): string;
  none: string;
  stop: string;
  stopNote: string;
  moved(animal: string): string;
  movedNote: string;
  resumeLater: string;
  stopped: string;
  alreadySponsoring(animal: string): string;
  ended: string;
  invalid: string;
  tryAgain: string;
  /** The animal chosen is no longer open for sponsorship (another tab, or staff closed it). */
  notOpen: string;
  /** The gift changed since the page was opened (moved or stopped in another tab): where it stands now, below. */
  changed: string;
  back: string;
}

const ta = GLOSSARY.ta;
const hi = GLOSSARY.hi;

const MESSAGES: Record<Language, SponsorPageMessages> = {
  en: {
    title: 'Your sponsorship',
    left: {
      adopted: (animal) => `${animal} has found a home with a family. Thank you for caring for ${animal}.`,
      returned: (animal) => `${animal} is well again and back in their own street. Thank you for caring for ${animal}.`,
      died: (animal) => `We are very sorry: ${animal} has died. Thank you for caring for ${animal}.`,
    },
    paused: (amount) => `Your monthly donation of ${amount} is paused: nothing is charged until you choose.`,
    choose: 'Carry the same monthly donation to another animal who needs a sponsor:',
    sponsorThis: (animal) => `Sponsor ${animal}`,
    aMonth: (amount) => `${amount} a month for this animal`,
    keepsAmount: (amount) =>
      `Your gift stays ${amount} a month. To change the amount, use your My giving page afterwards.`,
    none: 'No other animal is waiting for a sponsor just now. You can stop your gift, or write to us.',
    stop: 'Stop my monthly donation',
    stopNote: 'Nothing more will be charged. You can start again any time.',
    moved: (animal) => `Thank you: your monthly donation now sponsors ${animal}.`,
    movedNote: 'Your gift goes on from its next month, with the same mandate: you need do nothing more.',
    resumeLater: 'It will start again within a few minutes.',
    stopped: 'Your monthly donation is stopped. Thank you for every month you gave.',
    alreadySponsoring: (animal) => `Your monthly donation sponsors ${animal}.`,
    ended: 'This monthly donation has ended.',
    invalid: 'This link has expired or is not valid. Open My giving to manage your gift.',
    tryAgain: 'The payment provider could not be reached: nothing was changed. Please try again.',
    notOpen: 'That animal is no longer open for sponsorship: please choose another.',
    changed: 'Your gift has changed since this page was opened: this is where it stands now.',
    back: 'Back to the website',
  },
  ta: {
    title: 'உங்கள் ஆதரவு',
    left: {
      adopted: (animal) => `${animal}-க்கு ஒரு குடும்பத்தில் வீடு கிடைத்துவிட்டது. ${animal}-ஐப் பார்த்துக்கொண்டதற்கு நன்றி.`,
      returned: (animal) => `${animal} நலம் பெற்று தன் தெருவுக்குத் திரும்பிவிட்டது. ${animal}-ஐப் பார்த்துக்கொண்டதற்கு நன்றி.`,
      died: (animal) => `மிகுந்த வருத்தம்: ${animal} இறந்துவிட்டது. ${animal}-ஐப் பார்த்துக்கொண்டதற்கு நன்றி.`,
    },
    paused: (amount) =>
      `உங்கள் ${amount} ${ta.monthlyGift} நிறுத்தி வைக்கப்பட்டுள்ளது: நீங்கள் முடிவு செய்யும் வரை எதுவும் வசூலிக்கப்படாது.`,
    choose: `இதே ${ta.monthlyGift}-ஐ ஆதரவு தேவைப்படும் வேறொரு விலங்குக்கு மாற்றுங்கள்:`,
    sponsorThis: (animal) => `${animal}-ஐ ஆதரியுங்கள்`,
    aMonth: (amount) => `இந்த விலங்குக்கு மாதம் ${amount}`,
    keepsAmount: (amount) =>
      `உங்கள் நன்கொடை மாதம் ${amount} ஆகவே இருக்கும். தொகையை மாற்ற, பிறகு “என் நன்கொடைகள்” பக்கத்தைப் பயன்படுத்துங்கள்.`,
    none: 'இப்போது ஆதரவுக்காகக் காத்திருக்கும் வேறு விலங்கு இல்லை. நன்கொடையை நிறுத்தலாம், அல்லது எங்களுக்கு எழுதுங்கள்.',
    stop: `என் ${ta.monthlyGift}-ஐ நிறுத்து`,
    stopNote: 'இனி எதுவும் வசூலிக்கப்படாது. எப்போது வேண்டுமானாலும் மீண்டும் தொடங்கலாம்.',
    moved: (animal) => `நன்றி: உங்கள் ${ta.monthlyGift} இப்போது ${animal}-ஐ ஆதரிக்கிறது.`,
    movedNote: 'அதே அனுமதியுடன் அடுத்த மாதம் முதல் தொடரும்: நீங்கள் வேறு எதுவும் செய்ய வேண்டாம்.',
    resumeLater: 'சில நிமிடங்களில் மீண்டும் தொடங்கும்.',
    stopped: `உங்கள் ${ta.monthlyGift} நிறுத்தப்பட்டது. நீங்கள் அளித்த ஒவ்வொரு மாதத்திற்கும் நன்றி.`,
    alreadySponsoring: (animal) => `உங்கள் ${ta.monthlyGift} ${animal}-ஐ ஆதரிக்கிறது.`,
    ended: `இந்த ${ta.monthlyGift} முடிந்துவிட்டது.`,
    invalid: 'இந்த இணைப்பு காலாவதியானது அல்லது செல்லாது. உங்கள் நன்கொடையை நிர்வகிக்க “என் நன்கொடைகள்” பக்கத்தைத் திறக்கவும்.',
    tryAgain: 'பணம் செலுத்தும் சேவையை அணுக முடியவில்லை: எதுவும் மாற்றப்படவில்லை. மீண்டும் முயற்சிக்கவும்.',
    notOpen: 'அந்த விலங்குக்கு இப்போது ஆதரவு ஏற்கப்படுவதில்லை: வேறொன்றைத் தேர்ந்தெடுக்கவும்.',
    changed: 'இந்தப் பக்கத்தைத் திறந்த பிறகு உங்கள் நன்கொடை மாறியுள்ளது: அது இப்போது இப்படி உள்ளது.',
    back: 'இணையதளத்திற்குத் திரும்பு',
  },
  hi: {
    title: 'आपका सहारा',
    left: {
      adopted: (animal) => `${animal} को एक परिवार में घर मिल गया है। ${animal} की देखभाल के लिए धन्यवाद।`,
      returned: (animal) => `${animal} ठीक होकर अपनी गली में लौट गया है। ${animal} की देखभाल के लिए धन्यवाद।`,
      died: (animal) => `बहुत दुख है: ${animal} की मृत्यु हो गई है। ${animal} की देखभाल के लिए धन्यवाद।`,
    },
    paused: (amount) => `आपका ${amount} का ${hi.monthlyGift} रुका हुआ है: जब तक आप तय नहीं करते, कुछ नहीं कटेगा।`,
    choose: `यही ${hi.monthlyGift} किसी और जानवर को दें जिसे सहारे की ज़रूरत है:`,
    sponsorThis: (animal) => `${animal} को सहारा दें`,
    aMonth: (amount) => `इस जानवर के लिए ${amount} महीना`,
    keepsAmount: (amount) => `आपका दान ${amount} महीना ही रहेगा। राशि बदलनी हो तो बाद में “मेरा दान” पेज पर बदलें।`,
    none: 'अभी कोई और जानवर सहारे का इंतज़ार नहीं कर रहा। आप दान बंद कर सकते हैं, या हमें लिखें।',
    stop: `मेरा ${hi.monthlyGift} बंद करें`,
    stopNote: 'आगे कुछ नहीं कटेगा। आप कभी भी फिर से शुरू कर सकते हैं।',
    moved: (animal) => `धन्यवाद: आपका ${hi.monthlyGift} अब ${animal} को सहारा देता है।`,
    movedNote: 'यह उसी अनुमति से अगले महीने से चलता रहेगा: आपको और कुछ नहीं करना है।',
    resumeLater: 'यह कुछ ही मिनटों में फिर से शुरू हो जाएगा।',
    stopped: `आपका ${hi.monthlyGift} बंद हो गया है। आपने जितने महीने दिया, हर एक के लिए धन्यवाद।`,
    alreadySponsoring: (animal) => `आपका ${hi.monthlyGift} ${animal} को सहारा देता है।`,
    ended: `यह ${hi.monthlyGift} खत्म हो चुका है।`,
    invalid: 'यह लिंक पुराना हो गया है या सही नहीं है। अपना दान संभालने के लिए “मेरा दान” पेज खोलें।',
    tryAgain: 'भुगतान सेवा से संपर्क नहीं हो पाया: कुछ नहीं बदला। कृपया फिर से कोशिश करें।',
    notOpen: 'उस जानवर का प्रायोजन अब खुला नहीं है: कृपया कोई और चुनें।',
    changed: 'यह पेज खोलने के बाद आपका दान बदल गया है: अब वह ऐसा है।',
    back: 'वेबसाइट पर वापस जाएँ',
  },
};

export const sponsorPageMessages = (language: Language): SponsorPageMessages => MESSAGES[language];
