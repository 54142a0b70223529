/**
 * Which income-tax law a gift falls under, as data keyed by the date the gift was received (India
 * time): the Act, the deduction's section, the section the trust is approved under, and the forms
 * of the statement of donations and of the donor's certificate. Receipts, mails, the donate page,
 * the donor's statement and the console read them here and nowhere else. No Node or DOM imports.
 *
 * The Income-tax Act, 2025 replaced the 1961 Act from 1 April 2026 (tax year 2026-27): section
 * 80G became section 133, the approval under section 80G(5) an approval under section 354, Form
 * 10BD became Form 113 and Form 10BE Form 114 (Income-tax Rules, 2026, rule 190).
 */
export interface TaxLaw {
  /** The first India date (YYYY-MM-DD) the law applies to. */
  from: string;
  act: string;
  /** The section a donor claims the deduction under: `80G`, `133`. */
  deductionSection: string;
  /** What the trust's approval is given under, as a receipt states it. */
  approvalProvision: string;
  /** How a receipt's or statement's header labels the trust's registration number. */
  registrationLabel: string;
  /** The statement of donations the trust files for the year. */
  statementForm: string;
  /** The certificate the portal issues to each donor after the statement is filed. */
  certificateForm: string;
}

/** Oldest first; a gift falls under the last law whose `from` it is on or after. */
export const TAX_LAWS: readonly TaxLaw[] = [
  {
    from: '1962-04-01',
    act: 'Income-tax Act, 1961',
    deductionSection: '80G',
    approvalProvision: 'section 80G(5) of the Income-tax Act, 1961',
    registrationLabel: '80G registration',
    statementForm: 'Form 10BD',
    certificateForm: 'Form 10BE',
  },
  {
    from: '2026-04-01',
    act: 'Income-tax Act, 2025',
    deductionSection: '133',
    approvalProvision: 'section 354 of the Income-tax Act, 2025',
    registrationLabel: 'Section 354 approval',
    statementForm: 'Form 113',
    certificateForm: 'Form 114',
  },
];

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The India calendar date of an instant, as `YYYY-MM-DD`. */
const indiaDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The law a gift received at this instant (or on this India date, `YYYY-MM-DD`) falls under. */
export function taxLawOn(at: Date | string): TaxLaw {
  const day = typeof at === 'string' ? at : indiaDay(at);
  let law = TAX_LAWS[0] as TaxLaw;
  for (const candidate of TAX_LAWS) if (candidate.from <= day) law = candidate;
  return law;
}

/** The law of a financial (tax) year, `2026-27`: the one in force on its first day, 1 April. */
export function taxLawOfYear(financialYear: string): TaxLaw {
  return taxLawOn(`${financialYear.slice(0, 4)}-04-01`);
}

/** "section 80G of the Income-tax Act, 1961": how a text names the deduction. */
export const deductionName = (law: TaxLaw) => `section ${law.deductionSection} of the ${law.act}`;

/** "section 133 (formerly 80G)": how the site names the deduction to donors who know it as 80G. */
export const deductionShortName = (law: TaxLaw) =>
  law.deductionSection === '80G' ? 'section 80G' : `section ${law.deductionSection} (formerly 80G)`;
