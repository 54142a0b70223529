import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import hi from '../../messages/hi.json';
import ta from '../../messages/ta.json';
import settings from '../../project.inlang/settings.json';
import { LANGUAGES, type Language } from '../shared/languages';
import { m } from './paraglide/messages';

/**
 * The site's messages (messages/*.json, compiled by Paraglide JS): every key in every language, with
 * the same placeholders, written in that language's script; and the compiled functions say what the
 * files say (Paraglide falls back to English for a missing key, and compiles nothing if its plugin
 * cannot be loaded: both would otherwise pass unseen).
 */

const FILES: Record<Language, Record<string, string>> = { en, ta, hi };
const messagesOf = (language: Language): Record<string, string> => {
  const { $schema: _schema, ...messages } = FILES[language];
  return messages;
};
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** The script each language is written in; a message may be all brand, handle or symbols. */
const SCRIPT: Partial<Record<Language, RegExp>> = { ta: /[\u0B80-\u0BFF]/, hi: /[\u0900-\u097F]/ };
const SAME_IN_EVERY_LANGUAGE = new Set(['contact_instagram']);

describe("the site's messages", () => {
  const english = messagesOf('en');

  it('are the languages of shared/languages.ts, English the base', () => {
    expect(settings.locales).toEqual([...LANGUAGES]);
    expect(settings.baseLocale).toBe('en');
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s: every key, the same placeholders, its own script',
    (language) => {
      const messages = messagesOf(language);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        const translated = messages[key] ?? '';
        expect(placeholders(translated), key).toEqual(placeholders(text));
        if (!SAME_IN_EVERY_LANGUAGE.has(key)) expect(translated, key).toMatch(SCRIPT[language] as RegExp);
      }
    },
  );

  it.each([...LANGUAGES])('%s: the compiled messages say what the file says', (language) => {
    const messages = messagesOf(language);
    const compiled = m as unknown as Record<
      string,
      (inputs: Record<string, string>, options: { locale: Language }) => string
    >;
    for (const [key, text] of Object.entries(messages)) {
      const inputs = Object.fromEntries(placeholders(text).map((name) => [name, `<${name}>`]));
      expect(compiled[key]?.(inputs, { locale: language }), key).toBe(text.replace(/\{(\w+)\}/g, '<$1>'));
    }
  });
});
