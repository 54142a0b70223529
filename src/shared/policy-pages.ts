/**
 * The pages a payment gateway and the law ask for: `/privacy` (the notice the DPDP Rules 2025, rule
 * 3, ask for: each item of personal data and why, how long it is kept, who receives it, how to
 * exercise one's rights and complain to the Data Protection Board), `/terms`, `/refunds` and
 * `/contact`. Staff edit their texts as site content (plain paragraphs); the placeholders below are
 * filled from the trust's details when a page is rendered, so a changed address or e-mail changes
 * every page. Isomorphic, like ./site-content.ts.
 */

/** The policy pages, by their name in the content; each is at `/<name>` (and `/ta/<name>`, `/hi/<name>`). */
export const POLICY_PAGES = ['privacy', 'terms', 'refunds', 'contact'] as const;
export type PolicyPageName = (typeof POLICY_PAGES)[number];

/** A heading and its paragraphs. */
export interface PolicySection {
  heading: string;
  paragraphs: string[];
}

/** One page's texts: what a visitor reads. */
export interface PolicyText {
  title: string;
  /** The search result's and link preview's description. */
  description: string;
  sections: PolicySection[];
}

/** What staff edit of the policy pages: the facts the texts name, and each page's texts. */
export interface PolicyContent {
  /** Who answers grievances about personal data (DPDP Act 2023, section 8(10)); the contact e-mail reaches them. */
  grievanceOfficer: string;
  /** Working days a refund of a mistaken gift takes to reach the original method. */
  refundDays: number;
  privacy: PolicyText;
  terms: PolicyText;
  refunds: PolicyText;
  contact: PolicyText;
}

/**
 * The years an issued receipt is kept after its financial year ends (the tax law's period): an
 * erased donor's receipts are anonymised then (server/donors/rights/erasure.ts reads this), and the
 * privacy notice says so through `{retentionYears}`.
 */
export const RECEIPT_RETENTION_YEARS = 8;

/** The trust's details a policy page names (the admin's Trust details, else the defaults). */
export interface PolicyTrustDetails {
  name: string;
  address: string;
  pan: string;
  registration80g: string;
}

/** The placeholders a policy text may hold, each filled at render. */
export const POLICY_TOKENS = [
  'trustName',
  'address',
  'email',
  'phone',
  'pan',
  'registration',
  'grievanceOfficer',
  'retentionYears',
  'refundDays',
] as const;
export type PolicyToken = (typeof POLICY_TOKENS)[number];

/** Each placeholder's value, from the trust's details and the content's contact details and facts. */
export function policyValues(
  trust: PolicyTrustDetails,
  contact: { email: string; phone: string },
  policies: Pick<PolicyContent, 'grievanceOfficer' | 'refundDays'>,
): Record<PolicyToken, string> {
  return {
    trustName: trust.name,
    address: trust.address,
    email: contact.email,
    phone: contact.phone,
    pan: trust.pan,
    registration: trust.registration80g,
    grievanceOfficer: policies.grievanceOfficer,
    retentionYears: String(RECEIPT_RETENTION_YEARS),
    refundDays: String(policies.refundDays),
  };
}

/** A text with each `{token}` replaced by its value (an unknown one is left as written: the schema refuses those). */
export const fillPolicyText = (text: string, values: Record<PolicyToken, string>): string =>
  text.replace(/\{([a-zA-Z]+)\}/g, (whole, token: string) => (token in values ? values[token as PolicyToken] : whole));

/** The first version of the policy pages, in English (their Tamil and Hindi: ./policy-default-translations.ts). */
export const DEFAULT_POLICIES: PolicyContent = {
  grievanceOfficer: 'The Managing Trustee',
  refundDays: 7,
  privacy: {
    title: 'Privacy notice',
    description:
      'What personal data {trustName} takes when you donate, why, how long it is kept, who receives it, and how to see, correct or erase it.',
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          '{trustName}, {address}, decides why and how your personal data is used (the Data Fiduciary under the Digital Personal Data Protection Act 2023). Write to {email} or call {phone}.',
        ],
      },
      {
        heading: 'What we take, and why',
        paragraphs: [
          'Your name and e-mail address: to record your donation, send its receipt and the link to your donor page.',
          'Your phone number: for the payment page and to reach you about your donation if something goes wrong.',
          'Your postal address, and your PAN or Aadhaar number when you ask for a {deduction} receipt: the tax law requires them on the receipt and in the statement of donations we file with the Income-tax Department, so that your deduction is recorded. Your PAN or Aadhaar is stored encrypted.',
          'Your card, UPI or bank details are taken by Razorpay, our payment gateway, under its own privacy policy: we never see or keep them; we keep only Razorpay’s payment reference.',
          'Your IP address: to limit how often a form can be used and in our security logs, to protect the service from abuse.',
          'Whether you agreed to receive news of the animals, when, and in which words.',
          'When you apply to adopt, foster, volunteer or partner with us: your name, e-mail, phone and your answers on the form (your home, who lives there, your other animals; your organisation and its offer), to consider your application, and our staff’s notes and steps on it.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'We keep your donations, receipts and contact details while you give to us, until you ask us to erase them.',
          'When you ask, we erase your data at once, except the receipts the tax law requires us to keep: those are kept for {retentionYears} years after the end of their financial year, then anonymised.',
          'An application is kept while we consider it, and an adoption’s for as long as the animal lives with you. A declined or withdrawn application is erased after the period our trustees set (12 months unless they set another), and at once when you ask us to erase your data.',
        ],
      },
      {
        heading: 'Who receives it',
        paragraphs: [
          'Razorpay, to take your payment; the Income-tax Department, through the statement of donations (name, address, PAN or Aadhaar, amount); our mail provider, to deliver our e-mails to you. We sell your data to no one.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'On your donor page (My giving, reached by a link we e-mail you) you can see your donations and receipts, download a copy of everything we hold about you, cancel a monthly donation, stop our news and ask us to erase your data.',
          'To correct your data, or for anything else about it, write to {email}.',
        ],
      },
      {
        heading: 'News of the animals',
        paragraphs: [
          'We send news only if you tick “Send me news of the animals” when you donate. You can withdraw this consent at any time on your donor page or from the link in every news e-mail; withdrawing does not affect your receipts.',
        ],
      },
      {
        heading: 'Grievances and complaints',
        paragraphs: [
          'Our grievance officer, {grievanceOfficer}, answers at {email}. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of use',
    description: 'The terms on which {trustName} takes donations through this website.',
    sections: [
      {
        heading: 'Donations',
        paragraphs: [
          'Donations to {trustName} are voluntary gifts in Indian rupees, used for the trust’s charitable work: the rescue, treatment and shelter of animals. A donation buys no goods or services.',
          'Payments are processed by Razorpay. A one-time donation is charged once; a monthly donation is charged every month until you cancel it.',
        ],
      },
      {
        heading: 'Receipts and tax',
        paragraphs: [
          'Every donation gets a receipt by e-mail. The trust is approved under {deduction} (PAN {pan}, registration {registration}); a deduction needs your PAN or Aadhaar and your address on the receipt, and is subject to the tax law.',
        ],
      },
      {
        heading: 'Your data, refunds and contact',
        paragraphs: [
          'Our privacy notice says how we use your personal data, our refund policy how to cancel a monthly donation or ask for a refund, and our contact page how to reach us: {email}, {phone}.',
        ],
      },
    ],
  },
  refunds: {
    title: 'Cancellations and refunds',
    description: 'How to cancel a monthly donation to {trustName}, and how to ask for a refund of a mistaken donation.',
    sections: [
      {
        heading: 'Cancelling a monthly donation',
        paragraphs: [
          'You can cancel a monthly donation at any time on your donor page (My giving, reached by a link we e-mail you), or by writing to {email}. No further payment is taken after you cancel.',
        ],
      },
      {
        heading: 'Refunds of mistaken donations',
        paragraphs: [
          'If you gave by mistake (a wrong amount, or twice), write to {email} within 30 days with your receipt number. We refund it within {refundDays} working days to the original payment method, and cancel its receipt.',
          'A donation for which a receipt was used in a tax return cannot be refunded.',
        ],
      },
    ],
  },
  contact: {
    title: 'Contact us',
    description: 'How to reach {trustName}: postal address, e-mail and phone.',
    sections: [
      {
        heading: 'Write, mail or call',
        paragraphs: ['Questions about a donation, a receipt, your data or an animal in need: we answer every message.'],
      },
    ],
  },
};
