import { describe, expect, it } from 'vitest';
import { rupeesInWordsIn, tamilCount } from './amount-in-words';

describe('an amount in words', () => {
  it('in Tamil, with its joined forms and the Indian system', () => {
    expect(
      [1, 21, 101, 125, 500, 1000, 1500, 2000, 3000, 5000, 21_000, 23_000, 1_00_000, 1_25_000, 21_00_000].map(
        tamilCount,
      ),
    ).toEqual([
      'ஒன்று',
      'இருபத்தொன்று',
      'நூற்று ஒன்று',
      'நூற்று இருபத்தைந்து',
      'ஐந்நூறு',
      'ஆயிரம்',
      'ஆயிரத்து ஐந்நூறு',
      'இரண்டாயிரம்',
      'மூவாயிரம்',
      'ஐயாயிரம்',
      'இருபத்தோராயிரம்',
      'இருபத்து மூவாயிரம்',
      'ஒரு லட்சம்',
      'ஒரு லட்சத்து இருபத்தைந்தாயிரம்',
      'இருபத்தொரு லட்சம்',
    ]);
    expect(tamilCount(2_34_56_789)).toBe('இரண்டு கோடியே முப்பத்து நான்கு லட்சத்து ஐம்பத்தாறாயிரத்து எழுநூற்று எண்பத்தொன்பது');
    expect(rupeesInWordsIn('ta', 100)).toBe('ஒரு ரூபாய் மட்டும்');
    expect(rupeesInWordsIn('ta', 150_050)).toBe('ஆயிரத்து ஐந்நூறு ரூபாய் ஐம்பது பைசா மட்டும்');
  });

  it('in Hindi and English', () => {
    expect(rupeesInWordsIn('hi', 10_000)).toBe('एक सौ रुपये मात्र');
    expect(rupeesInWordsIn('hi', 1_20_00_00_000)).toBe('एक करोड़ बीस लाख रुपये मात्र');
    expect(rupeesInWordsIn('hi', 150_050)).toBe('एक हज़ार पांच सौ रुपये और पचास पैसे मात्र');
    expect(rupeesInWordsIn('en', 1_20_00_00_000)).toBe('Rupees One Crore Twenty Lakh Only');
  });
});
