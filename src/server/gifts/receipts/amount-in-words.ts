// The locale entries alone: the package's main entry loads every locale (~0.2 s of the server's start).
import { toWords as englishWords } from 'to-words/en-IN';
import { toWords as hindiWords } from 'to-words/hi-IN';
import type { Language } from '../../../shared/languages';

/**
 * An amount in words as a receipt writes it, in the Indian system (lakh, crore), in each language:
 * "Rupees Twelve Lakh Only", "बारह लाख रुपये मात्र", "பன்னிரண்டு லட்சம் ரூபாய் மட்டும்".
 *
 * English and Hindi come from `to-words`. Its Tamil is word-by-word ("ஒன்று நூறு ஒன்று" for 101,
 * where Tamil says "நூற்று ஒன்று"), so Tamil is written here with its joined forms: இருநூறு,
 * ஆயிரத்து ஐந்நூறு, இருபத்தைந்தாயிரம், ஒரு லட்சத்து, ஒரு கோடியே.
 */
export function rupeesInWordsIn(language: Language, paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  switch (language) {
    case 'en': {
      const words = `Rupees ${englishWords(rupees)}`;
      return rest === 0 ? `${words} Only` : `${words} and ${englishWords(rest)} Paise Only`;
    }
    case 'hi': {
      const words = `${hindi(rupees)} रुपये`;
      return rest === 0 ? `${words} मात्र` : `${words} और ${hindi(rest)} पैसे मात्र`;
    }
    case 'ta': {
      const words = `${countBefore(rupees)} ரூபாய்`;
      return rest === 0 ? `${words} மட்டும்` : `${words} ${countBefore(rest)} பைசா மட்டும்`;
    }
  }
}

/** `to-words` writes a hundred alone as "सौ"; a receipt writes "एक सौ" (as it writes "एक हज़ार"). */
const hindi = (value: number) => (value === 0 ? 'शून्य' : hindiWords(value).replace(/^सौ/, 'एक सौ'));

const UNITS = ['', 'ஒன்று', 'இரண்டு', 'மூன்று', 'நான்கு', 'ஐந்து', 'ஆறு', 'ஏழு', 'எட்டு', 'ஒன்பது'];
const TEENS = [
  'பத்து',
  'பதினொன்று',
  'பன்னிரண்டு',
  'பதின்மூன்று',
  'பதினான்கு',
  'பதினைந்து',
  'பதினாறு',
  'பதினேழு',
  'பதினெட்டு',
  'பத்தொன்பது',
];
/** 20, 30 … 90, and the form each takes before a unit (இருபத்து மூன்று). */
const TENS = ['', '', 'இருபது', 'முப்பது', 'நாற்பது', 'ஐம்பது', 'அறுபது', 'எழுபது', 'எண்பது', 'தொண்ணூறு'];
const TENS_JOINING = ['', '', 'இருபத்து', 'முப்பத்து', 'நாற்பத்து', 'ஐம்பத்து', 'அறுபத்து', 'எழுபத்து', 'எண்பத்து', 'தொண்ணூற்று'];
/** 100 … 900, and the form each takes before what follows (நூற்று ஐந்து, தொள்ளாயிரத்து ஒன்று). */
const HUNDREDS = ['', 'நூறு', 'இருநூறு', 'முந்நூறு', 'நானூறு', 'ஐந்நூறு', 'அறுநூறு', 'எழுநூறு', 'எண்ணூறு', 'தொள்ளாயிரம்'];
const HUNDREDS_JOINING = [
  '',
  'நூற்று',
  'இருநூற்று',
  'முந்நூற்று',
  'நானூற்று',
  'ஐந்நூற்று',
  'அறுநூற்று',
  'எழுநூற்று',
  'எண்ணூற்று',
  'தொள்ளாயிரத்து',
];

/** A vowel's sign, for the joins where a word ending in -உ meets a word starting with a vowel. */
const VOWEL_SIGNS: Record<string, string> = {
  அ: '',
  ஆ: 'ா',
  இ: 'ி',
  ஈ: 'ீ',
  உ: 'ு',
  எ: 'ெ',
  ஏ: 'ே',
  ஐ: 'ை',
  ஒ: 'ொ',
  ஓ: 'ோ',
};

/**
 * Joins a word ending in -உ (இருபத்து, தொண்ணூற்று, இரண்டு) to one starting with a vowel, as
 * Tamil writes it: இருபத்து + ஒன்று = இருபத்தொன்று, இரண்டு + ஆயிரம் = இரண்டாயிரம். Otherwise a space.
 */
function join(first: string, second: string): string {
  const sign = VOWEL_SIGNS[second[0] ?? ''];
  if (first.endsWith('ு') && sign !== undefined) return first.slice(0, -1) + sign + second.slice(1);
  return `${first} ${second}`;
}

/** 1 to 99. */
function belowHundred(value: number): string {
  if (value < 10) return UNITS[value] as string;
  if (value < 20) return TEENS[value - 10] as string;
  const tens = Math.floor(value / 10);
  const unit = value % 10;
  return unit === 0 ? (TENS[tens] as string) : join(TENS_JOINING[tens] as string, UNITS[unit] as string);
}

/** 1 to 999. */
function belowThousand(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  if (hundreds === 0) return belowHundred(rest);
  if (rest === 0) return HUNDREDS[hundreds] as string;
  return `${HUNDREDS_JOINING[hundreds]} ${belowHundred(rest)}`;
}

/** "n thousand", joined: ஆயிரம், இரண்டாயிரம், மூவாயிரம், ஐயாயிரம், பதினோராயிரம், இருபத்தைந்தாயிரம். */
function thousands(count: number): string {
  if (count === 1) return 'ஆயிரம்';
  if (count === 3) return 'மூவாயிரம்';
  if (count === 5) return 'ஐயாயிரம்';
  const words = belowHundred(count);
  // ஒன்று before ஆயிரம் is ஓர்: இருபத்தோராயிரம், பதினோராயிரம்.
  if (words.endsWith('ொன்று')) return `${words.slice(0, -'ொன்று'.length)}ோராயிரம்`;
  if (words.endsWith(' மூன்று')) return `${words.slice(0, -'மூன்று'.length)}மூவாயிரம்`;
  if (words.endsWith('பது')) return `${words.slice(0, -1)}ாயிரம்`;
  return join(words, 'ஆயிரம்');
}

/** A count before லட்சம் or கோடி: ஒன்று becomes ஒரு (ஒரு லட்சம், இருபத்தொரு லட்சம்). */
function countBefore(count: number): string {
  const words = tamilCount(count);
  if (words === 'ஒன்று') return 'ஒரு';
  if (words.endsWith('ொன்று')) return `${words.slice(0, -'ொன்று'.length)}ொரு`;
  return words;
}

/** A whole number in Tamil words, in the Indian system: crore (கோடி), lakh (லட்சம்), thousand, hundred. */
export function tamilCount(value: number): string {
  if (value === 0) return 'பூஜ்ஜியம்';
  const crores = Math.floor(value / 10_000_000);
  const lakhs = Math.floor((value % 10_000_000) / 100_000);
  const thousandCount = Math.floor((value % 100_000) / 1000);
  const rest = value % 1000;
  // Each group but the last takes its joining form: கோடியே, லட்சத்து, ஆயிரத்து.
  const groups: { words: string; joining: string }[] = [];
  if (crores > 0) groups.push({ words: `${countBefore(crores)} கோடி`, joining: `${countBefore(crores)} கோடியே` });
  if (lakhs > 0) {
    const words = `${countBefore(lakhs)} லட்சம்`;
    groups.push({ words, joining: `${words.slice(0, -'ம்'.length)}த்து` });
  }
  if (thousandCount > 0) {
    const words = thousands(thousandCount);
    groups.push({ words, joining: `${words.slice(0, -'ம்'.length)}த்து` });
  }
  if (rest > 0) {
    const words = belowThousand(rest);
    groups.push({ words, joining: words });
  }
  return groups.map((group, index) => (index === groups.length - 1 ? group.words : group.joining)).join(' ');
}
