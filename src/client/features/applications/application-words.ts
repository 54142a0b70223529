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

/** An answer as text: yes/no for booleans, lists joined, nested answers as "field: value". */
export function answerWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(answerWords).join(', ') : '—';
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${fieldWords(key)}: ${answerWords(inner)}`)
      .join('; ');
  return String(value);
}
