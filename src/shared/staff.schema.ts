import { z } from 'zod';
import { donationStatusSchema, PURPOSES } from './donation.schema';
import { DONATION_TYPES, SUBSCRIPTION_STATUSES } from './donation-states';
import { GIFT_MODES } from './gift-modes';

/**
 * The staff console's inputs, shared by its procedures, its export route and (later) its pages.
 * Amounts in these filters are in rupees (the UI edge); the server turns them into paise.
 */

export const STAFF_ROLES = ['admin', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Long passphrases beat complex short ones; 12 is the floor the CLI and the console share. */
export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 200;

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{2,40}$/, 'Must be 2–40 letters, digits, dots, dashes or underscores');

export const signInInputSchema = z.object({
  username: z.string().trim().toLowerCase().max(100),
  password: z.string().max(MAX_PASSWORD_LENGTH),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

const indiaDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date as YYYY-MM-DD');
const rupees = z.number().nonnegative('Must not be negative').max(10_000_000);

/** What the donation list shows and the export writes: one filter, one `where` clause. */
export const donationFilterSchema = z
  .object({
    status: z.array(donationStatusSchema).max(5).optional(),
    type: z.enum(DONATION_TYPES).optional(),
    purpose: z.enum(Object.keys(PURPOSES) as [keyof typeof PURPOSES]).optional(),
    /** How it came: online, or one of the modes staff record (shared/gift-modes.ts). */
    mode: z.enum(GIFT_MODES).optional(),
    /** Inclusive days in India time. */
    from: indiaDay.optional(),
    to: indiaDay.optional(),
    /** Inclusive, in rupees. */
    minAmountRupees: rupees.optional(),
    maxAmountRupees: rupees.optional(),
    /**
     * Part of a donor's name, e-mail or phone (7+ digits), a donation id (up to 6 digits, or `#` and
     * digits), a cheque's or draft's number or a transfer's UTR, or an order, payment or
     * subscription id (`order_…`, `pay_…`, `sub_…`).
     */
    search: z.string().trim().max(100).optional(),
  })
  .strict();
export type DonationFilter = z.infer<typeof donationFilterSchema>;

export const DONATION_SORT_COLUMNS = ['createdAt', 'amount', 'name', 'status', 'id'] as const;

export const donationListInputSchema = z.object({
  filter: donationFilterSchema.default({}),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
  sort: z.enum(DONATION_SORT_COLUMNS).default('createdAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type DonationListInput = z.infer<typeof donationListInputSchema>;

export const idInputSchema = z.object({ id: z.number().int().positive() });

export const subscriptionListInputSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
});

export const auditListInputSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
});

/**
 * A staff account's e-mail address, where the health list's alerts go (admins). Optional: empty
 * means none.
 */
export const staffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Must be at most 254 characters')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Must be an e-mail address, or empty for none')
  .transform((value) => (value === '' ? null : value));

export const setStaffEmailInputSchema = z.object({ id: z.number().int().positive(), email: staffEmailSchema });
export const setOwnEmailInputSchema = z.object({ email: staffEmailSchema });

export const addStaffInputSchema = z.object({
  username: usernameSchema,
  displayName: z.string().trim().max(100).default(''),
  role: z.enum(STAFF_ROLES),
  password: passwordSchema,
  email: staffEmailSchema.optional(),
});

/**
 * A setup link's token as pasted: a copy that took the end of a log line with it (`…token"}`, a
 * full stop, a space) still works. A token is base64url, so no trailing quote, brace or stop is
 * ever part of it.
 */
export function cleanSetupToken(pasted: string): string {
  return pasted.trim().replace(/[^A-Za-z0-9_-]+$/, '');
}

/** A setup link's token (32 random bytes as base64url, 43 characters); a longer string is no token of ours. */
const setupTokenSchema = z.string().max(100).transform(cleanSetupToken);

export const setupCheckInputSchema = z.object({ token: setupTokenSchema });

/**
 * The first admin, made in the browser through the setup link: the same rules as every other
 * account's, and an e-mail address required, so the health list's alerts reach someone.
 */
export const firstAdminInputSchema = addStaffInputSchema.omit({ role: true }).extend({
  token: setupTokenSchema,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Enter your e-mail address')
    .max(254, 'Must be at most 254 characters')
    .pipe(z.email('Must be an e-mail address, like name@example.org')),
});
export type FirstAdminInput = z.infer<typeof firstAdminInputSchema>;

export const setDisabledInputSchema = z.object({ id: z.number().int().positive(), disabled: z.boolean() });

export const resetPasswordInputSchema = z.object({ id: z.number().int().positive(), password: passwordSchema });

export const changeOwnPasswordInputSchema = z.object({
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH),
  newPassword: passwordSchema,
});
