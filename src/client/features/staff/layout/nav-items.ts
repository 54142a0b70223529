/** The console's pages in the navbar; `admin` ones show only to admins (the server refuses others anyway). */
export const NAV_ITEMS = [
  { to: '/staff', label: 'Overview', admin: false },
  { to: '/staff/donations', label: 'Donations', admin: false },
  { to: '/staff/gifts-received', label: 'Gifts received', admin: false },
  { to: '/staff/appeals', label: 'Appeals', admin: false },
  { to: '/staff/subscriptions', label: 'Monthly donors', admin: false },
  { to: '/staff/receipts', label: 'Receipts', admin: false },
  { to: '/staff/settlements', label: 'Settlements', admin: false },
  { to: '/staff/statement', label: 'Annual statement', admin: false },
  { to: '/staff/certificates', label: 'Certificates', admin: false },
  { to: '/staff/erasure', label: 'Erasure requests', admin: false },
  { to: '/staff/outbox', label: 'Outbox', admin: false },
  { to: '/staff/photos', label: 'Photos', admin: false },
  { to: '/staff/trust', label: 'Trust details', admin: true },
  { to: '/staff/accounts', label: 'Staff accounts', admin: true },
  { to: '/staff/audit', label: 'Audit trail', admin: true },
  { to: '/staff/password', label: 'My password', admin: false },
] as const;
