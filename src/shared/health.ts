/** The console overview's health list: what the server answers and the page shows. */

export const HEALTH_ITEMS = [
  'razorpay-keys',
  'webhooks',
  'mail',
  'trust-details',
  'policy-pages',
  'https',
  'backups',
  'offsite',
  'disk',
  'encryption-key',
  'admins',
  'alert-recipients',
] as const;
export type HealthItemId = (typeof HEALTH_ITEMS)[number];

/** `grey`: not set up (the off-site copies): shown with where to set it up, never an alarm. */
export type HealthState = 'green' | 'amber' | 'red' | 'grey';

/** The console's admin pages a fix is made on. */
export const HEALTH_FIX_PAGES = {
  settings: { path: '/staff/settings', label: 'Settings' },
  backups: { path: '/staff/backups', label: 'Backups' },
  trust: { path: '/staff/trust', label: 'Trust details' },
  siteContent: { path: '/staff/site-content', label: 'Site content' },
  accounts: { path: '/staff/accounts', label: 'Staff accounts' },
  outbox: { path: '/staff/outbox', label: 'Outbox' },
} as const;
export type HealthFixPage = keyof typeof HEALTH_FIX_PAGES;

export interface HealthItem {
  id: HealthItemId;
  title: string;
  state: HealthState;
  /** What is the matter and how to fix it from the console, in one or two sentences. */
  message: string;
  /** Where the fix is made; null when it is outside the console (the server's environment, the disk). */
  fix: HealthFixPage | null;
}
