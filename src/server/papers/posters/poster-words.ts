import type { Language } from '../../../shared/languages';

/** The poster's own words (what staff write, the line and the ladder, comes with the poster's content). */
export interface PosterWords {
  /** Over the QR code: what to do. */
  scan: string;
  /** Under it: how, for someone who has never scanned a code. */
  howToScan: string;
  /** Before the page's address, for a phone that cannot scan. */
  orVisit: string;
  /** Over an amount ladder that says what each amount does (the donate page's). */
  ladderTitle: string;
  /** Over a ladder of amounts alone (an appeal's: the donate form's buttons). */
  amountsTitle: string;
  /** At the foot: what a donor can rely on. */
  receipted: string;
  /** A sponsored animal's line: "Sponsor Moti: ₹3,500 a month" (the animal's page says the same). */
  sponsorLine: (name: string, amount: string) => string;
  /** Its one rung: what the monthly amount does. */
  sponsorRung: (name: string) => string;
}

export const POSTER_WORDS: Record<Language, PosterWords> = {
  en: {
    scan: 'Scan to give',
    howToScan: "Point your phone's camera at the code and open the link.",
    orVisit: 'or visit',
    ladderTitle: 'What your gift does',
    amountsTitle: 'Choose an amount, or give any other',
    receipted: 'Every gift is receipted. Pay safely by UPI, card or net banking.',
    sponsorLine: (name, amount) => `Sponsor ${name}: ${amount} a month`,
    sponsorRung: (name) => `a month: ${name}'s food, medicine and care, with news of ${name} by e-mail`,
  },
  ta: {
    scan: 'ஸ்கேன் செய்து நன்கொடை அளியுங்கள்',
    howToScan: 'உங்கள் கைபேசியின் கேமராவை இந்தக் குறியீட்டின் மீது காட்டி, இணைப்பைத் திறக்கவும்.',
    orVisit: 'அல்லது இந்த முகவரிக்குச் செல்லவும்',
    ladderTitle: 'உங்கள் நன்கொடை என்ன செய்யும்',
    amountsTitle: 'ஒரு தொகையைத் தேர்ந்தெடுங்கள், அல்லது விரும்பிய தொகையை அளியுங்கள்',
    receipted: 'ஒவ்வொரு நன்கொடைக்கும் ரசீது வழங்கப்படும். UPI, கார்டு அல்லது நெட் பேங்கிங் மூலம் பாதுகாப்பாகச் செலுத்தலாம்.',
    sponsorLine: (name, amount) => `${name}-ஐ ஆதரியுங்கள்: மாதம் ${amount}`,
    sponsorRung: (name) => `மாதம்: ${name}-இன் உணவு, மருந்து, பராமரிப்பு; ${name} பற்றிய செய்தி மின்னஞ்சலில்`,
  },
  hi: {
    scan: 'स्कैन करें और दान दें',
    howToScan: 'अपने फ़ोन का कैमरा इस कोड पर रखें और लिंक खोलें।',
    orVisit: 'या इस पते पर जाएँ',
    ladderTitle: 'आपका दान क्या करता है',
    amountsTitle: 'एक राशि चुनें, या अपनी पसंद की कोई भी राशि दें',
    receipted: 'हर दान की रसीद दी जाती है। UPI, कार्ड या नेट बैंकिंग से सुरक्षित भुगतान करें।',
    sponsorLine: (name, amount) => `${name} को सहारा दें: ${amount} महीना`,
    sponsorRung: (name) => `हर महीने: ${name} का खाना, दवा और देखभाल, और ${name} की खबर ईमेल पर`,
  },
};
