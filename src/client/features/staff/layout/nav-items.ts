/** One console page in the navbar; `admin` ones show only to admins (the server refuses others anyway). */
export interface NavItem {
  to: string;
  label: string;
  admin: boolean;
}

/** A heading of the navbar and its pages; `key` names it in the browser's memory of open sections. */
export interface NavSection {
  key: string;
  heading: string;
  items: readonly NavItem[];
}

/** Above the sections, always in view: where the console opens. */
export const HOME_ITEM: NavItem = { to: '/staff', label: 'Overview', admin: false };

/**
 * The console's pages by what the work is about, in the order of the accountant's year
 * (docs/staff-guide.md): the money coming in, the people who give it, the papers the trust files,
 * the public website, and the running of the console itself.
 */
export const NAV_SECTIONS: readonly NavSection[] = [
  {
    key: 'money',
    heading: 'Money in',
    items: [
      { to: '/staff/donations', label: 'Donations', admin: false },
      { to: '/staff/gifts-received', label: 'Gifts received', admin: false },
      { to: '/staff/subscriptions', label: 'Monthly donors', admin: false },
      { to: '/staff/monthly-at-risk', label: 'Monthly gifts at risk', admin: false },
      { to: '/staff/settlements', label: 'Settlements', admin: false },
    ],
  },
  {
    key: 'donors',
    heading: 'Donors',
    items: [
      { to: '/staff/donors', label: 'Donors', admin: false },
      { to: '/staff/thanks', label: 'Thank-you calls', admin: false },
      { to: '/staff/segments', label: 'Donor segments', admin: false },
      { to: '/staff/erasure', label: 'Erasure requests', admin: false },
    ],
  },
  {
    key: 'animals',
    heading: 'Animals',
    items: [
      { to: '/staff/animals', label: 'Animals', admin: false },
      { to: '/staff/applications', label: 'Applications', admin: false },
      { to: '/staff/sponsorships', label: 'Sponsorships', admin: false },
      { to: '/staff/application-mails', label: 'Application mails', admin: false },
    ],
  },
  {
    key: 'papers',
    heading: 'The trust’s papers',
    items: [
      { to: '/staff/receipts', label: 'Receipts', admin: false },
      { to: '/staff/statement', label: 'Annual statement', admin: false },
      { to: '/staff/certificates', label: 'Certificates', admin: false },
    ],
  },
  {
    key: 'website',
    heading: 'The website',
    items: [
      { to: '/staff/appeals', label: 'Appeals', admin: false },
      { to: '/staff/photos', label: 'Photos', admin: false },
      { to: '/staff/site-content', label: 'Site content', admin: false },
    ],
  },
  {
    key: 'admin',
    heading: 'Administration',
    items: [
      { to: '/staff/trust', label: 'Trust details', admin: true },
      { to: '/staff/settings', label: 'Settings', admin: true },
      { to: '/staff/accounts', label: 'Staff accounts', admin: true },
      { to: '/staff/audit', label: 'Audit trail', admin: true },
      { to: '/staff/backups', label: 'Backups', admin: true },
      { to: '/staff/outbox', label: 'Outbox', admin: false },
      { to: '/staff/password', label: 'My password', admin: false },
    ],
  },
];

/** Is `to` the page at `pathname` (or, for a list, one of its items: `/staff/donations/12`)? */
export function isCurrent(to: string, pathname: string): boolean {
  if (to === HOME_ITEM.to) return pathname === '/staff' || pathname === '/staff/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The section holding the page at `pathname`, if any. */
export function sectionOf(pathname: string): NavSection | undefined {
  return NAV_SECTIONS.find((section) => section.items.some((item) => isCurrent(item.to, pathname)));
}
