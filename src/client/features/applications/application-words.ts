import type { ApplicationMailStep } from '../../../shared/application-work.schema';
import type { ApplicationKind, ApplicationStatus } from '../../../shared/applications';

/** The console's words for an application's kind, status and mail steps (staff read English). */
export const KIND_LABELS: Record<ApplicationKind, string> = {
  adopt: 'Adopt',
  foster: 'Foster',
  volunteer: 'Volunteer',
  partner: 'Partner',
};

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  'home-visit': 'Home visit',
  approved: 'Approved',
  completed: 'Completed',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export const STATUS_COLOURS: Record<ApplicationStatus, string> = {
  new: 'blue',
  contacted: 'cyan',
  'home-visit': 'grape',
  approved: 'teal',
  completed: 'green',
  declined: 'gray',
  withdrawn: 'gray',
};

export const MAIL_STEP_LABELS: Record<ApplicationMailStep, string> = {
  contacted: 'Contacted',
  'home-visit': 'Home visit',
  approved: 'Approved',
  completed: 'Completed',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  'found-another-home': 'Another family adopts (to the others)',
};

/** How long since `iso`, in words a volunteer reads at a glance: "today", "3 days", "5 weeks". */
export function waitingFor(iso: string, now: number = Date.now()): string {
  const days = Math.floor((now - new Date(iso).getTime()) / 86_400_000);
  if (days < 1) return 'today';
  if (days === 1) return '1 day';
  if (days < 28) return `${days} days`;
  return `${Math.floor(days / 7)} weeks`;
}

/** A form's field name in plain words: `landlordPermission`, `landlord_permission` → "Landlord permission". */
export function fieldWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The forms' choices (shared/application-forms.schema.ts) in the console's words, by field: what the
 * applicant ticked, not its code ("own" → "Their own"). A field not listed is their own text.
 */
const YES_NO_WORDS: Record<string, string> = { yes: 'Yes', no: 'No' };
const ALL_SOME_NONE_WORDS: Record<string, string> = { all: 'All of them', some: 'Some', none: 'None' };
const SPECIES_WORDS: Record<string, string> = { dog: 'A dog', cat: 'A cat', either: 'A dog or a cat' };
const CHOICE_WORDS: Record<string, Record<string, string>> = {
  home: { own: 'Their own', rent: 'Rented' },
  landlordAgrees: YES_NO_WORDS,
  otherAnimalsSterilised: ALL_SOME_NONE_WORDS,
  otherAnimalsVaccinated: ALL_SOME_NONE_WORDS,
  wantedSpecies: SPECIES_WORDS,
  fosterSpecies: SPECIES_WORDS,
  fosterDuration: {
    'two-weeks': 'Two weeks',
    'one-month': 'A month',
    'three-months': 'Three months',
    longer: 'Longer',
  },
  days: {
    mon: 'Monday',
    tue: 'Tuesday',
    wed: 'Wednesday',
    thu: 'Thursday',
    fri: 'Friday',
    sat: 'Saturday',
    sun: 'Sunday',
  },
};

/** An answer as text: yes/no for booleans, the forms' choices in words, lists joined, nested answers as "field: value". */
export function answerWords(value: unknown, field?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((item) => answerWords(item, field)).join(', ') : '—';
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${fieldWords(key)}: ${answerWords(inner, key)}`)
      .join('; ');
  const words = field === undefined ? undefined : CHOICE_WORDS[field];
  return (words && Object.hasOwn(words, String(value)) ? words[String(value)] : undefined) ?? String(value);
}
