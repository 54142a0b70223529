import { LANGUAGE_SWITCH_EVENT } from '../../i18n';
import type { AmountChoice } from './amounts';
import type { TaxReceiptValues } from './tax-receipt-values';

/**
 * The donate form's values carried to the same form in another language: the language switch is a
 * plain link (the other language's page loads as a page of its own), so just before it leaves, the
 * form puts what the donor typed in this tab's sessionStorage, and the form on the next page takes
 * it back out at once. Nothing else reads it, and it is never left behind: taken on the next page's
 * first effect, or gone with the tab.
 */

const KEY = 'donate-form-carried';

export interface CarriedForm {
  values: { name: string; email: string; phone: string; donationType: string; purpose: string; customAmount: string };
  choice: AmountChoice;
  taxReceipt: TaxReceiptValues;
  /** Whether the donor had chosen the general fund over the page's appeal. */
  generalFund: boolean;
}

/** Keeps `current()` for the next page when the language switch is used; returns the unsubscribe. */
export function carryOnLanguageSwitch(current: () => CarriedForm): () => void {
  const carry = () => {
    try {
      sessionStorage.setItem(KEY, JSON.stringify(current()));
    } catch {
      // Storage refused (private mode, full): the other page opens with an empty form, as a link would.
    }
  };
  window.addEventListener(LANGUAGE_SWITCH_EVENT, carry);
  return () => window.removeEventListener(LANGUAGE_SWITCH_EVENT, carry);
}

/** The values the previous page carried, removed as they are read; undefined when there are none. */
export function takeCarriedForm(): CarriedForm | undefined {
  try {
    const text = sessionStorage.getItem(KEY);
    if (text === null) return undefined;
    sessionStorage.removeItem(KEY);
    const carried = JSON.parse(text) as CarriedForm;
    return typeof carried === 'object' && carried !== null && typeof carried.values === 'object' ? carried : undefined;
  } catch {
    return undefined;
  }
}
