import type { core } from 'zod';
import { APPLICATION_FORM_SCHEMAS, type ApplicationForm } from '../../../shared/application-forms.schema';
import type { ApplicationKind } from '../../../shared/applications';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages';
import type { MessageKey, Translate } from '../../i18n';
import type { ApplyValues } from './form-values';

/** One message per field, as the form shows it under the field (`animal`: the named animal). */
export type FieldErrors = Partial<Record<keyof ApplyValues | 'animal', string>>;

/** What a field's problem is called in Tamil and Hindi, where it has words of its own. */
const FIELD_MESSAGES: Partial<Record<keyof FieldErrors, MessageKey>> = {
  email: 'apply_error_email',
  phone: 'apply_error_phone',
  consent: 'apply_error_consent',
  homeVisit: 'apply_error_home_visit',
  hoursAlone: 'apply_error_hours',
  fosterCount: 'apply_error_count',
  days: 'apply_error_days',
  animal: 'apply_error_animal',
};

/** The fields answered by choosing (radios). */
const CHOICES = new Set<string>([
  'wantedSpecies',
  'home',
  'landlordAgrees',
  'otherAnimalsSterilised',
  'otherAnimalsVaccinated',
  'fosterSpecies',
  'fosterDuration',
]);

/** Fields whose limits are numbers, not lengths. */
const NUMBERS = new Set<string>(['hoursAlone', 'fosterCount', 'days']);

const asSentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/**
 * A field's problem in the page's language: English reads the shared schema's own words (what a
 * REST caller gets); Tamil and Hindi say what the field wants, with a too-long text, markup and
 * unstorable characters told apart.
 */
export function fieldMessage(
  field: keyof FieldErrors,
  issue: Pick<core.$ZodIssue, 'code' | 'message'> & { maximum?: unknown },
  t: Translate,
  language: Language,
): string {
  // A choice not made, or not one offered: "Please choose one" in every language (the schema's "Must be one of own, rent" is for API callers).
  if (CHOICES.has(field)) return t('apply_error_choose');
  if (language === DEFAULT_LANGUAGE) return asSentence(issue.message);
  if (issue.code === 'too_big' && !NUMBERS.has(field)) {
    return t('apply_error_too_long', { max: String(issue.maximum ?? '') });
  }
  if (issue.message.includes('< or >')) return t('apply_error_markup');
  if (issue.message.includes('control characters')) return t('apply_error_characters');
  return t(FIELD_MESSAGES[field] ?? 'apply_error_required');
}

/** The form's input checked with the server's own schema: the application to send, or each field's first message. */
export function validateApplication(
  kind: ApplicationKind,
  input: unknown,
  t: Translate,
  language: Language,
): { data: ApplicationForm } | { errors: FieldErrors } {
  const parsed = APPLICATION_FORM_SCHEMAS[kind].safeParse(input);
  if (parsed.success) return { data: parsed.data as ApplicationForm };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof FieldErrors | undefined;
    if (field === undefined || errors[field] !== undefined) continue;
    errors[field] = fieldMessage(field, issue, t, language);
  }
  return { errors };
}
