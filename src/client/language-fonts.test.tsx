import { describe, expect, it } from 'vitest';
import { localNames } from './language-fonts';

describe("the phone's own Noto, by weight", () => {
  it('names the regular file for 400 and the bold file for 700, never the regular for both', () => {
    expect(localNames('Noto Sans Tamil', 400)).toBe('local("Noto Sans Tamil"), local("NotoSansTamil-Regular")');
    expect(localNames('Noto Sans Devanagari', 700)).toBe(
      'local("Noto Sans Devanagari Bold"), local("NotoSansDevanagari-Bold")',
    );
  });
});
