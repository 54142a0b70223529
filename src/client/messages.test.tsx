import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import settings from '../../project.inlang/settings.json';
import { LANGUAGES, type Language } from '../shared/languages';
import { ALL_MESSAGES } from './all-messages';

/**
 * The site's messages (messages/**\/*.json, one file per language for each part of the site, as
 * project.inlang's pathPattern lists them, compiled by Paraglide JS): every key in every language,
 * with the same placeholders, written in that language's script; no key in two parts; and the
 * compiled modules say what the files say (Paraglide falls back to English for a missing key, and
 * compiles nothing if its plugin cannot be loaded: both would otherwise pass unseen).
 */

const PATTERNS: string[] = settings['plugin.inlang.messageFormat'].pathPattern;
// A path, not `new URL(`../../${…}`, import.meta.url)`: Vite turns that form into a glob of the
// project's files, which answered `undefined` for these keys (`../.././messages/…`).
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const partOf = (pattern: string, language: Language): Record<string, string> => {
  const file = join(ROOT, pattern.replace('{locale}', language));
  const { $schema: _schema, ...messages } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return messages;
};
const messagesOf = (language: Language): Record<string, string> =>
  Object.assign({}, ...PATTERNS.map((pattern) => partOf(pattern, language)));
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

  it('no key is in two parts of the site', () => {
    const keys = PATTERNS.flatMap((pattern) => Object.keys(partOf(pattern, 'en')));
    expect(keys.length).toBeGreaterThan(40);
    expect(new Set(keys).size).toBe(keys.length);
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
    const compiled = ALL_MESSAGES[language] as unknown as Record<string, (inputs: Record<string, string>) => string>;
    expect(Object.keys(compiled).sort()).toEqual(Object.keys(messages).sort());
    for (const [key, text] of Object.entries(messages)) {
      const inputs = Object.fromEntries(placeholders(text).map((name) => [name, `<${name}>`]));
      expect(compiled[key]?.(inputs), key).toBe(text.replace(/\{(\w+)\}/g, '<$1>'));
    }
  });
});
