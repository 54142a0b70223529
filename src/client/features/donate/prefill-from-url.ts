import { donationInputSchema } from '../../../shared/donation.schema';
import { MAX_AMOUNT_PAISE, MIN_AMOUNT_PAISE, PURPOSES, type Purpose } from '../../../shared/donation-rules';
import { DONATION_TYPES, type DonationType } from '../../../shared/donation-states';
import { type AmountChoice, PRESET_AMOUNTS_PAISE } from './amounts';

/** What a link can fill in on the donate form; a field it leaves out keeps the form's default. */
export interface DonatePrefill {
  donationType?: DonationType;
  purpose?: Purpose;
  /** A preset button when the amount is one, else "Other" with the rupees typed in. */
  choice?: Exclude<AmountChoice, null>;
  customAmount?: string;
  /** The donor's own, from a mail sent only to them (a monthly gift at risk). */
  name?: string;
  email?: string;
}

const isPurpose = (value: string | null): value is Purpose => value !== null && Object.hasOwn(PURPOSES, value);

/** Whole rupees within the donation limits, as paise; null for anything else. */
function paiseOf(rupees: string | null): number | null {
  if (!rupees || !/^\d{1,9}$/.test(rupees)) return null;
  const paise = Number(rupees) * 100;
  return paise >= MIN_AMOUNT_PAISE && paise <= MAX_AMOUNT_PAISE ? paise : null;
}

/**
 * The form's values from a link such as a failed payment's e-mail (server/donors/donate-again-url.ts):
 * `?amount=750&type=monthly&purpose=food`, amount in whole rupees; `name` and `email` as the form's
 * schema allows them. A missing, invalid or out-of-range value is ignored, so the form keeps its default for it.
 */
export function prefillFromUrl(search: string): DonatePrefill {
  const params = new URLSearchParams(search);
  const prefill: DonatePrefill = {};
  const type = DONATION_TYPES.find((known) => known === params.get('type'));
  if (type) prefill.donationType = type;
  const purpose = params.get('purpose');
  if (isPurpose(purpose)) prefill.purpose = purpose;
  const paise = paiseOf(params.get('amount'));
  if (paise !== null) {
    const preset = PRESET_AMOUNTS_PAISE.find((amount) => amount === paise);
    if (preset) prefill.choice = { kind: 'preset', paise: preset };
    else {
      prefill.choice = { kind: 'other' };
      prefill.customAmount = String(paise / 100);
    }
  }
  const name = donationInputSchema.shape.name.safeParse(params.get('name'));
  if (name.success) prefill.name = name.data;
  const email = donationInputSchema.shape.email.safeParse(params.get('email'));
  if (email.success) prefill.email = email.data;
  return prefill;
}
