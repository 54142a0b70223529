import { z } from 'zod';
import { MAX_AMOUNT_PAISE, MIN_AMOUNT_PAISE, PURPOSES, type Purpose } from './donation-rules';
import { DONATION_STATUSES, DONATION_TYPES } from './donation-states';
import { LANGUAGES } from './languages';
import { ANIMAL_SLUG_PATTERN } from './sponsorship';
import { checkTaxReceiptFields, taxReceiptShape } from './tax-id';
import { tributeSchema } from './tribute';

export { MAX_AMOUNT_PAISE, MIN_AMOUNT_PAISE, PURPOSES, type Purpose };

/**
 * The inputs of the donation calls, shared by the tRPC procedures, the REST paths, the OpenAPI
 * document and the donation form (which loads them when the donor starts on it). Amounts are
 * integers in paise (₹1 = 100 paise); the purposes and limits are in ./donation-rules.ts.
 */

const PURPOSE_KEYS = Object.keys(PURPOSES) as [Purpose, ...Purpose[]];

export const donationStatusSchema = z.enum(DONATION_STATUSES);
export type { DonationStatus } from './donation-states';

/** Control characters (NUL, escapes, line breaks) have no place in a name, e-mail or phone. */
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

/** An animal's page address (`/adopt/<slug>`), as a sponsor's gift names it. */
export const animalSlugSchema = z
  .string({ error: 'Must be an animal page address' })
  .trim()
  .min(1, 'Must be an animal page address')
  .max(80, 'Must be at most 80 characters')
  .regex(ANIMAL_SLUG_PATTERN, 'Must be an animal page address (lower-case letters, digits and dashes)');

const trimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .regex(NO_CONTROL_CHARACTERS, 'Must not contain control characters');

export const donationInputSchema = z
  .object({
    name: trimmed(100).min(1, 'Required'),
    email: z
      .string()
      .trim()
      .max(254, 'Must be at most 254 characters')
      .regex(NO_CONTROL_CHARACTERS, 'Must not contain control characters')
      .email('Invalid email'),
    phone: z
      .string()
      .trim()
      .min(10, 'Must be at least 10 characters')
      .max(15, 'Must be at most 15 characters')
      .regex(/^[0-9+()\-. ]+$/, 'Use digits, spaces and + ( ) - . only'),
    amount: z
      .number({ error: 'Must be a number of paise' })
      .int('Must be a whole number of paise')
      .min(MIN_AMOUNT_PAISE, `Must be at least ₹1 (${MIN_AMOUNT_PAISE} paise)`)
      .max(MAX_AMOUNT_PAISE, `Must be at most ₹10,00,000 (${MAX_AMOUNT_PAISE} paise)`),
    donationType: z.enum(DONATION_TYPES, { error: "Must be 'one-time' or 'monthly'" }),
    purpose: z.enum(PURPOSE_KEYS, { error: `Must be one of ${PURPOSE_KEYS.join(', ')}` }).optional(),
    /** What the donor typed under "Other", in rupees. Kept for the form; `amount` is what counts. */
    customAmount: trimmed(20).optional(),
    /**
     * The honeypot: a field people never see or reach on the form (DonateForm), named like a real
     * one so form-filling bots fill it. Empty or absent from people; a bot's call creates nothing.
     */
    website: z.string().max(500, 'Must be at most 500 characters').optional(),
    /** The optional 80G details (src/shared/tax-id.ts): a donor who skips them sends none of these. */
    ...taxReceiptShape,
    /**
     * The appeal given to (its page's `id`): only a published appeal that has not ended takes
     * gifts; any other is refused with a 400 naming `appealId`.
     */
    appealId: z
      .number({ error: 'Must be an appeal id' })
      .int('Must be an appeal id')
      .positive('Must be an appeal id')
      .max(2_147_483_647, 'Must be an appeal id')
      .optional(),
    /** In memory or in honour of a person or an animal: printed on the receipt (src/shared/tribute.ts). */
    tribute: tributeSchema.optional(),
    /**
     * The animal this monthly gift sponsors, by its page's address (`/adopt/<slug>`): only an animal
     * open for sponsorship, at its monthly amount; anything else is refused with a 400 naming `animal`
     * or `amount` (src/shared/sponsorship.ts).
     */
    animal: animalSlugSchema.optional(),
    /**
     * The donor ticked "Send me news of the animals" (unticked, false, when not sent): their
     * consent is recorded with the words' version (src/shared/news-consent.ts); only then do they get news.
     */
    newsConsent: z.boolean({ error: 'Must be true or false' }).optional(),
    /**
     * The language the donor gives in (src/shared/languages.ts), `en` when not sent: their receipt
     * mail, monthly notices and appeal updates speak it, and the receipt prints it beside English.
     * The pages send the language they are shown in (`/ta/donate` sends `ta`).
     */
    language: z
      .enum(LANGUAGES, { error: `Must be one of ${LANGUAGES.join(', ')}` })
      .optional()
      .meta({ description: `The donor's language for mails and receipts: ${LANGUAGES.join(', ')} (default en)` }),
  })
  .superRefine(checkTaxReceiptFields)
  // Every distinct monthly amount is a Razorpay plan that can never be deleted: whole rupees only.
  .refine((input) => input.donationType !== 'monthly' || input.amount % 100 === 0, {
    message: 'Monthly amounts must be whole rupees',
    path: ['amount'],
  })
  .refine((input) => input.animal === undefined || input.donationType === 'monthly', {
    message: 'Sponsoring an animal is a monthly gift: send it to POST /api/subscriptions (subscription.create)',
    path: ['animal'],
  });
export type DonationInput = z.infer<typeof donationInputSchema>;

const razorpayId = (prefix: string) =>
  z
    .string()
    .trim()
    .max(64, 'Must be at most 64 characters')
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`), `Must be a Razorpay id starting with ${prefix}_`);

/**
 * What the checkout hands the page on success, forwarded as received, plus our donation id.
 * One-time payments carry `razorpay_order_id`; monthly ones `razorpay_subscription_id`.
 */
export const verifyPaymentInputSchema = z
  .object({
    donation_id: z
      .number({ error: 'Must be a donation id' })
      .int('Must be a donation id')
      .positive('Must be a donation id')
      .max(2_147_483_647, 'Must be a donation id'),
    razorpay_payment_id: razorpayId('pay'),
    razorpay_signature: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{64}$/i, 'Must be a hex HMAC-SHA256 signature'),
    razorpay_order_id: razorpayId('order').optional(),
    razorpay_subscription_id: razorpayId('sub').optional(),
    /** The subscription id the create call returned; optional, as Razorpay sends it too. */
    subscription_id: razorpayId('sub').optional(),
  })
  .refine((input) => input.razorpay_order_id || input.razorpay_subscription_id || input.subscription_id, {
    message: 'Send razorpay_order_id (one-time) or razorpay_subscription_id (monthly)',
    path: ['razorpay_order_id'],
  });
export type VerifyPaymentInput = z.infer<typeof verifyPaymentInputSchema>;

export const donationSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  amount: z.number().int(),
  donationType: z.enum(DONATION_TYPES),
  purpose: z.string().nullable(),
});

export const createDonationOutputSchema = z.object({
  donation: donationSummarySchema,
  razorpayKeyId: z.string(),
  order: z.object({ id: z.string() }),
});
export type CreateDonationOutput = z.infer<typeof createDonationOutputSchema>;

export const createSubscriptionOutputSchema = z.object({
  donation: donationSummarySchema,
  razorpayKeyId: z.string(),
  subscription: z.object({ id: z.string() }),
});
export type CreateSubscriptionOutput = z.infer<typeof createSubscriptionOutputSchema>;

export const verifyPaymentOutputSchema = z.object({
  success: z.literal(true),
  donation: z.object({ id: z.number().int(), status: donationStatusSchema }),
  /**
   * The payment's donation receipt (for a monthly donation, its first charge's): the number and a
   * link that downloads the PDF without signing in. Null only if it could not be found.
   */
  receipt: z.object({ number: z.string(), downloadUrl: z.string() }).nullable(),
});
export type VerifyPaymentOutput = z.infer<typeof verifyPaymentOutputSchema>;
