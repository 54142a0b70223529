import { normaliseEmail } from '../../platform/personal-data/email-key';

/**
 * When two receipts carrying one PAN or Aadhaar were given by one person. A PAN is typed by whoever
 * gives, so it proves nothing: receipts whose names or e-mail addresses differ are shown to staff
 * (the statement's review, a certificate held) rather than taken as one donor.
 */

/** A single letter, with its vowel sign or other marks: an initial ("A.", "க."). */
const INITIAL = /^\p{L}\p{M}*$/u;

/**
 * A name as compared: case, spaces, punctuation and initials set aside, so "A. Priya Sharma",
 * "priya sharma" and "PRIYA  SHARMA A" are one name. The order of the words still counts.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((word) => word !== '' && !INITIAL.test(word))
    .join(' ');
}

/** An e-mail address as the donation budget counts it (case, `+tag`, Gmail's dots); null when none was given. */
export function emailKey(email: string | null): string | null {
  return email?.trim() ? normaliseEmail(email) : null;
}

/** The distinct names and (given) e-mail addresses of some receipts, each as first written. */
export function peopleOf(receipts: { donorName: string; donorEmail: string | null }[]) {
  const names = new Map<string, string>();
  const emails = new Map<string, string>();
  for (const receipt of receipts) {
    if (!names.has(nameKey(receipt.donorName))) names.set(nameKey(receipt.donorName), receipt.donorName);
    const email = emailKey(receipt.donorEmail);
    if (email !== null && !emails.has(email)) emails.set(email, (receipt.donorEmail ?? '').trim());
  }
  return { names, emails, oneName: names.size <= 1, oneEmail: emails.size <= 1 };
}
