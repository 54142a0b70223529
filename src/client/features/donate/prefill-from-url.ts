import { MAX_AMOUNT_PAISE, MIN_AMOUNT_PAISE, PURPOSES, type Purpose } from '../../../shared/donation-rules';
import { DONATION_TYPES, type DonationType } from '../../../shared/donation-states';
import { ANIMAL_SLUG_PATTERN } from '../../../shared/sponsorship';
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
  /** The animal the gift sponsors, from its page's link (shared/sponsorship.ts sponsorDonatePath): its slug and name. */
  sponsoring?: { slug: string; name: string };
}

const isPurpose = (value: string | null): value is Purpose => value !== null && Object.hasOwn(PURPOSES, value);

/**
 * A name or e-mail from the link, trimmed, within the form's lengths and without control characters.
 * Only a first sieve: the form's own schema checks them on submit. Importing that schema here would
 * put zod into the donate page's first load (site.browser.test.ts keeps it out).
 */
function plainText(value: string | null, max: number): string | undefined {
  const text = value?.trim();
  return text && text.length <= max && !/\p{Cc}/u.test(text) ? text : undefined;
}

const LOOKS_LIKE_AN_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whole rupees within the donation limits, as paise; null for anything else. */
function paiseOf(rupees: string | null): number | null {
  if (!rupees || !/^\d{1,9}$/.test(rupees)) return null;
  const paise = Number(rupees) * 100;
  return paise >= MIN_AMOUNT_PAISE && paise <= MAX_AMOUNT_PAISE ? paise : null;
}

/**
 * The form's values from a link such as a failed payment's e-mail (server/gifts/donor-keys/donate-again-url.ts):
 * `?amount=750&type=monthly&purpose=food`, amount in whole rupees; `name` and `email` when they
 * look like what the form allows. A missing, invalid or out-of-range value is ignored, so the form keeps its default for it.
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
  const name = plainText(params.get('name'), 100);
  if (name) prefill.name = name;
  const email = plainText(params.get('email'), 254);
  if (email && LOOKS_LIKE_AN_ADDRESS.test(email)) prefill.email = email;
  // The server checks the animal and its amount; the name is only what the form shows.
  const animal = params.get('animal');
  const animalName = plainText(params.get('animalName'), 80);
  if (animal && animal.length <= 80 && ANIMAL_SLUG_PATTERN.test(animal) && animalName) {
    prefill.sponsoring = { slug: animal, name: animalName };
    prefill.donationType = 'monthly';
  }
  return prefill;
}
