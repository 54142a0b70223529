/**
 * The one rule for when two e-mail addresses are one donor's: case, surrounding spaces, a `+tag`
 * and (at Gmail) dots in the local part do not reach a different inbox, and googlemail.com is
 * gmail.com. The donation budget counts by it, the statement's review compares by it, and donors
 * are joined by it.
 *
 * The database applies the same rule as the SQL function `donor_email_key` (Migration20261128030000),
 * which joins each gift to its donor in one statement (attach-donor.ts) and backfilled the old gifts;
 * email-key.test.ts holds the two to the same answers. Change both or neither.
 */
export function normaliseEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let local = address.slice(0, at).split('+')[0] ?? '';
  const domain = address.slice(at + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') local = local.replaceAll('.', '');
  return `${local}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}
