import { PURPOSES, type Purpose } from '../../../shared/donation-rules';
import type { DonationType } from '../../../shared/donation-states';

/**
 * The donate form's own values, as the form holds them (the 80G part is tax-receipt-values.ts), and
 * what a blank form starts with.
 */

export interface FormValues {
  name: string;
  email: string;
  phone: string;
  donationType: DonationType;
  purpose: Purpose;
  customAmount: string;
  /** "Send me news of the animals": unticked until the donor ticks it (consent is never assumed). */
  newsConsent: boolean;
  /** The honeypot: only bots ever fill it, so a person's submission never carries it. */
  website?: string;
}

export const INITIAL: FormValues = {
  name: '',
  email: '',
  phone: '',
  donationType: 'one-time',
  purpose: 'general',
  customAmount: '',
  newsConsent: false,
};

// Object.keys widens to string[]: the one place the purpose keys are named as such.
export const purposeKeys = Object.keys(PURPOSES) as Purpose[];
/** The select offers only these keys; anything else reads as the default purpose. */
export const purposeOf = (value: string): Purpose => purposeKeys.find((key) => key === value) ?? 'general';
