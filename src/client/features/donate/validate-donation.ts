import type { core } from 'zod';
import { type DonationInput, donationInputSchema } from '../../../shared/donation.schema';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages';
import type { MessageKey, Translate } from '../../i18n';

/** One message per field, as the form shows it under the field. */
export type FieldErrors = Partial<Record<keyof DonationInput, string>>;

/** The shared schemas' messages, some written to follow a field name, read as sentences under a field. */
const asSentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** What a field's problem is called for a donor reading Tamil or Hindi (messages/donate/*.json). */
const FIELD_MESSAGES: Partial<Record<keyof DonationInput, MessageKey>> = {
  name: 'donate_error_name',
  email: 'donate_error_email',
  phone: 'donate_error_phone',
  amount: 'donate_error_amount',
  pan: 'donate_error_pan',
  aadhaar: 'donate_error_aadhaar',
  address: 'donate_error_address',
};

/**
 * A field's first problem in the donor's language. English reads the shared schema's own words (the
 * REST callers get the same); Tamil and Hindi say, per field, what the field wants, with the
 * amount's limits and a too-long text told apart.
 */
function localized(field: keyof DonationInput, issue: core.$ZodIssue, t: Translate, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return asSentence(issue.message);
  if (field === 'amount') {
    if (issue.code === 'too_small') return t('donate_error_amount_min');
    if (issue.code === 'too_big') return t('donate_error_amount_max');
    if (issue.code === 'custom') return t('donate_error_amount_monthly');
  }
  if (field === 'aadhaar' && issue.code === 'custom' && issue.message.includes('not both'))
    return t('donate_error_one_id');
  if (issue.code === 'too_big' && field !== 'amount') return t('donate_error_too_long', { max: String(issue.maximum) });
  if (issue.code === 'invalid_format' && issue.message.includes('control characters'))
    return t('donate_error_characters');
  const key = FIELD_MESSAGES[field];
  return key ? t(key) : t('donate_error_required');
}

/**
 * The form's input checked with the server's own schema: the donation to send, or the first
 * message of each field that fails, in the page's language. This module brings zod; the form loads
 * it (./validation.ts) only once the donor starts on the form, so the page renders without it.
 */
export function validateDonation(
  input: unknown,
  t: Translate,
  language: Language = DEFAULT_LANGUAGE,
): { data: DonationInput } | { errors: FieldErrors } {
  const parsed = donationInputSchema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof DonationInput | undefined;
    if (field === undefined || errors[field] !== undefined) continue;
    errors[field] = localized(field, issue, t, language);
  }
  return { errors };
}
