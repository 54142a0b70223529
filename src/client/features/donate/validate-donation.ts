import { z } from 'zod';
import { type DonationInput, donationInputSchema } from '../../../shared/donation.schema';

/** One message per field, as the form shows it under the field. */
export type FieldErrors = Partial<Record<keyof DonationInput, string>>;

/** The shared schemas' messages, some written to follow a field name, read as sentences under a field. */
const asSentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/**
 * The form's input checked with the server's own schema: the donation to send, or the first
 * message of each field that fails. This module brings zod; the form loads it (./validation.ts)
 * only once the donor starts on the form, so the page renders without it.
 */
export function validateDonation(input: unknown): { data: DonationInput } | { errors: FieldErrors } {
  const parsed = donationInputSchema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  const fieldErrors = z.flattenError(parsed.error).fieldErrors as Record<string, string[] | undefined>;
  return {
    errors: Object.fromEntries(
      Object.entries(fieldErrors).map(([key, messages]) => [key, messages?.[0] && asSentence(messages[0])]),
    ),
  };
}
