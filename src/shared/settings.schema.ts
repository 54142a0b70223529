import { z } from 'zod';

/**
 * The console's Settings page (admins): Razorpay's keys and the SMTP server. One schema for the
 * form and the procedures. A secret typed is saved; left empty (or out), the saved one is kept;
 * `null` removes it. Secrets are never sent back, only whether one is set and its last four.
 */

/**
 * A secret: printable characters, spaces inside included (a webhook secret made up as a phrase, a
 * Gmail app password shown in groups); spaces at either end are dropped, as a paste adds them.
 */
const secretOf = (message: string) =>
  z
    .string()
    .trim()
    .max(200, 'Must be at most 200 characters')
    .regex(/^[\x20-\x7e]*$/, message)
    .nullable()
    .optional();
const secret = secretOf(
  'Must be letters, digits, spaces and keyboard symbols only (no accented letters or line breaks): copy it again from where it was made',
);
/** The webhook secret is the trustee's own: made up, or made with the page's "Generate". */
const webhookSecret = secretOf(
  'Must be letters, digits, spaces and keyboard symbols only (no accented letters or line breaks): use “Generate” to make one',
);

/** Razorpay's Key Id as its dashboard shows it: `rzp_test_…` (test mode) or `rzp_live_…`. */
export const razorpayKeyIdSchema = z
  .string()
  .trim()
  .regex(
    /^(rzp_(test|live)_[A-Za-z0-9]{8,32})?$/,
    'Must be the Key Id from Razorpay’s dashboard (Account & Settings → API Keys): rzp_test_… or rzp_live_…',
  );

const hostname = z
  .string()
  .trim()
  .max(253, 'Must be at most 253 characters')
  .regex(
    /^([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*)?$/,
    'Must be a host name such as smtp.gmail.com, without smtp:// or a port',
  );

export const settingsInputSchema = z
  .object({
    razorpayKeyId: razorpayKeyIdSchema,
    razorpayKeySecret: secret,
    razorpayWebhookSecret: webhookSecret,
    smtpHost: hostname,
    /** Empty: 587 (submission with STARTTLS); 465 connects with TLS from the start. */
    smtpPort: z
      .number('Must be a port number such as 587 or 465')
      .int('Must be a whole number')
      .min(1, 'Must be between 1 and 65535')
      .max(65535, 'Must be between 1 and 65535')
      .nullable(),
    smtpUser: z.string().trim().max(200, 'Must be at most 200 characters'),
    smtpPassword: secret,
    mailFromAddress: z
      .string()
      .trim()
      .pipe(z.union([z.literal(''), z.email('Must be an e-mail address such as receipts@trust.org').max(254)])),
    mailFromName: z
      .string()
      .trim()
      .max(100, 'Must be at most 100 characters')
      .regex(/^[^"<>\\\r\n]*$/, 'Must not contain quotes, angle brackets or line breaks'),
  })
  .strict();
export type SettingsInput = z.infer<typeof settingsInputSchema>;

/** The secret fields: never answered, only whether set and the last four characters. */
export const SECRET_FIELDS = ['razorpayKeySecret', 'razorpayWebhookSecret', 'smtpPassword'] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];
export type SettingsField = keyof SettingsInput;

/** Where a setting's value comes from: the environment wins over the console; default: the server's own. */
export type SettingSource = 'environment' | 'console' | 'default' | 'unset';

/** One setting as the page shows it: its value (a secret's last four at most) and where it comes from. */
export interface SettingView {
  /** The value, for plain fields; for a secret, null (see `lastFour`). */
  value: string | null;
  /** A secret: whether one is set, and its last four characters when it is long enough to spare them. */
  set: boolean;
  lastFour: string | null;
  source: SettingSource;
  /** The environment variable that wins over this field, when it is set. */
  variable: string | null;
}

/** Check the keys saved (all empty) or the ones typed (a key id and a secret typed but not yet saved). */
export const razorpayCheckInputSchema = z.object({ keyId: razorpayKeyIdSchema.optional(), keySecret: secret }).strict();
export type RazorpayCheckInput = z.infer<typeof razorpayCheckInputSchema>;

/** What a check of the keys found, in the words the page shows. */
export type RazorpayCheckResult =
  | { ok: true; mode: 'test' | 'live'; message: string }
  | { ok: false; problem: 'refused' | 'unreachable' | 'unset' | 'unsaved' | 'error'; message: string };

export const testMailInputSchema = z.object({
  to: z.string().trim().pipe(z.email('Must be an e-mail address to send the test to').max(254)),
});

export type TestMailResult = { ok: true; response: string } | { ok: false; problem: string; response: string | null };
