import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from './default-content';
import { type EditableContent, resolveSiteContent } from './site-content';
import { editableContentSchema } from './site-content.schema';

/** The defaults with one change made by `edit`. */
function edited(edit: (content: EditableContent) => void): EditableContent {
  const content = structuredClone(DEFAULT_CONTENT);
  edit(content);
  return content;
}

/** The messages the schema gives for a value, by the path of the field. */
function refusals(content: unknown): Record<string, string> {
  const result = editableContentSchema.safeParse(content);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe("the site content's schema", () => {
  it('takes the defaults as they are', () => {
    expect(editableContentSchema.parse(DEFAULT_CONTENT)).toEqual(DEFAULT_CONTENT);
  });

  it('refuses HTML: tags, comments and entities, wherever they are', () => {
    expect(refusals(edited((c) => (c.hero.headline = 'Every <b>Animal</b> Matters')))).toEqual({
      'hero.headline': 'must be plain text: no HTML tags',
    });
    expect(refusals(edited((c) => (c.about.story = ['One.', '<script>alert(1)</script>'])))).toEqual({
      'about.story.1': 'must be plain text: no HTML tags',
    });
    expect(
      refusals(edited((c) => (c.impact.figures[0] = { value: '2000+', label: 'Dogs <!-- hidden --> fed' }))),
    ).toEqual({ 'impact.figures.0.label': 'must be plain text: no HTML tags' });
    expect(refusals(edited((c) => (c.contact.address = 'Chennai &amp; Kanchipuram')))).toEqual({
      'contact.address': 'must be plain text: write the character itself, not an HTML entity',
    });
    // Plain text that merely has the characters is fine.
    expect(refusals(edited((c) => (c.hero.text = 'Dogs < 2 years & cats > 10 years old: all welcome')))).toEqual({});
  });

  it('refuses what is too long, too many or empty', () => {
    expect(refusals(edited((c) => (c.hero.headline = 'A'.repeat(81))))).toEqual({
      'hero.headline': 'must be at most 80 characters',
    });
    expect(refusals(edited((c) => (c.donate.rescueStory = ['x'.repeat(1_201)])))).toEqual({
      'donate.rescueStory.0': 'must be at most 1200 characters',
    });
    expect(refusals(edited((c) => (c.about.story = Array.from({ length: 7 }, (_, i) => `Paragraph ${i}.`))))).toEqual({
      'about.story': 'must have at most 6 paragraphs',
    });
    expect(refusals(edited((c) => (c.impact.figures = [])))).toEqual({
      'impact.figures': 'must have at least 1 figure',
    });
    expect(refusals(edited((c) => (c.impact.figures[1] = { value: '   ', label: 'Animals rescued' })))).toEqual({
      'impact.figures.1.value': 'must not be empty',
    });
  });

  it('refuses a paragraph broken over lines, a bad phone, e-mail or address, an unknown {token}, an unknown field', () => {
    expect(refusals(edited((c) => (c.about.call = 'Line one\nline two')))).toEqual({
      'about.call': 'must be one line or paragraph, without control characters',
    });
    expect(refusals(edited((c) => (c.contact.phone = 'call us!')))).toEqual({
      'contact.phone': 'must be a phone number: digits, spaces, dashes or brackets, with + before the country code',
    });
    expect(refusals(edited((c) => (c.contact.phone = '+91 123')))).toEqual({
      'contact.phone': 'must have 6 to 15 digits',
    });
    expect(refusals(edited((c) => (c.contact.email = 'help at trust')))).toEqual({
      'contact.email': 'must be an e-mail address',
    });
    expect(refusals(edited((c) => (c.contact.instagramUrl = 'javascript:alert(1)')))).toEqual({
      'contact.instagramUrl': 'must be an https:// address',
    });
    expect(refusals(edited((c) => (c.donate.intro = 'Tax-deductible under {section}.')))).toEqual({
      'donate.intro': 'must not contain braces other than {deduction}',
    });
    expect(refusals({ ...DEFAULT_CONTENT, footer: { copyrightYear: 2030 } })).toEqual({
      '': 'Unrecognized key: "footer"',
    });
  });

  it("resolves the texts for a day: the deduction's section in force, the phone's tel: digits", () => {
    const phone = edited((c) => (c.contact.phone = '+91 (44) 2345-6789'));
    const before = resolveSiteContent(phone, new Date('2026-03-31T12:00:00+05:30'));
    const after = resolveSiteContent(phone, new Date('2026-04-01T00:30:00+05:30'));
    expect(before.contact.phoneHref).toBe('+914423456789');
    expect(before.donate.intro).toMatch(/tax-deductible under section 80G\.$/);
    expect(after.donate.intro).toMatch(/tax-deductible under section 133 \(formerly 80G\)\.$/);
    expect(before.about.taxNotice).toContain('section 80G(5) of the Income-tax Act, 1961');
    expect(after.about.taxNotice).toContain('section 354 of the Income-tax Act, 2025');
  });
});
