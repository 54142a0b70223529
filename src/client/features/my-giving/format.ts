import type { PURPOSES } from '../../../shared/donation.schema';
import { financialYearOf } from '../../../shared/financial-year';
import { LANGUAGE_TAGS, type Language } from '../../../shared/languages';
import type { useMessages } from '../../i18n';

export { formatRupees } from '../../../shared/rupees';

/** An ISO instant as the day in India, in the page's language: `1 May 2026`, `1 மே, 2026`, `1 मई 2026`. */
export const formatDay = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(LANGUAGE_TAGS[language], {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));

/** The financial year (India time) an ISO instant falls in: `2026-27`. */
export const financialYearOfIso = (iso: string) => financialYearOf(new Date(iso));

/** `2026-27` → its first and last months in the page's language: `April 2026` and `March 2027`. */
export function financialYearMonths(year: string, language: Language): { from: string; to: string } {
  const start = Number(year.slice(0, 4));
  const month = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { timeZone: 'UTC', month: 'long', year: 'numeric' });
  return { from: month.format(Date.UTC(start, 3, 1)), to: month.format(Date.UTC(start + 1, 2, 1)) };
}

/** The message naming each purpose the donate form offers (`medical` → `Medical Treatment`). */
const PURPOSE_MESSAGES = {
  general: 'giving_purpose_general',
  medical: 'giving_purpose_medical',
  rescue: 'giving_purpose_rescue',
  food: 'giving_purpose_food',
  vaccination: 'giving_purpose_vaccination',
} as const satisfies Record<keyof typeof PURPOSES, string>;

/** A gift's purpose as the donate form named it, in the page's language; any other text (staff wrote it) as it is. */
export const purposeLabel = (purpose: string, t: ReturnType<typeof useMessages>) =>
  Object.hasOwn(PURPOSE_MESSAGES, purpose) ? t(PURPOSE_MESSAGES[purpose as keyof typeof PURPOSES]) : purpose;

/**
 * A message with an element inside it (a link, a bold address): its text before and after the
 * placeholder, so each language puts the element where its sentence needs it.
 */
export function aroundPlaceholder(message: (marker: string) => string): [string, string] {
  const marker = '\u0000';
  const [before = '', after = ''] = message(marker).split(marker);
  return [before, after];
}
