/**
 * Everything the trust would change to make the website its own: its name, how to reach it, its
 * figures and its stories. Pages read only from here, so editing this one file is enough.
 * Isomorphic: no Node or DOM imports.
 */
import { deductionName, deductionShortName, taxLawOn } from './tax-law';

/** The income-tax law in force when the pages are built: the texts name its sections. */
const LAW_TODAY = taxLawOn(new Date());

export interface ImpactFigure {
  value: string;
  label: string;
}

export interface Activity {
  title: string;
  text: string;
}

export interface SiteContent {
  trust: {
    name: string;
    shortName: string;
    tagline: string;
    /** Shown in the footer under the logo. */
    blurb: string;
  };
  contact: {
    address: string;
    /** As it is shown. */
    phone: string;
    /** As it is dialled: digits with the country code, for the `tel:` link. */
    phoneHref: string;
    email: string;
    instagramUrl: string;
    instagramHandle: string;
  };
  meta: {
    homeTitle: string;
    donateTitle: string;
    description: string;
    donateDescription: string;
    /** Browser and checkout accent colour; dark green. */
    themeColor: string;
  };
  hero: { headline: string; text: string };
  about: {
    title: string;
    intro: string;
    storyTitle: string;
    story: string[];
    call: string;
    taxNotice: string;
    videoLabel: string;
  };
  activities: { title: string; intro: string; cards: Activity[]; provideTitle: string; provides: string[] };
  impact: { title: string; intro: string; figures: ImpactFigure[] };
  donate: {
    heading: string;
    intro: string;
    impactTitle: string;
    impactItems: { amount: string; text: string }[];
    rescueTitle: string;
    rescueVideoLabel: string;
    rescueStory: string[];
    shareText: string;
  };
  footer: { copyrightYear: number };
  /** The trust's legal details as printed on 80G receipts; an admin overrides them in the console. */
  legal: {
    name: string;
    address: string;
    pan: string;
    /** The 80G registration number (URN) from Form 10AC. */
    registration80g: string;
    /** ISO date (YYYY-MM-DD) of the 80G approval. */
    approvedOn: string;
    /** As the approval states it, e.g. `AY 2022-23 to AY 2026-27`. */
    validity: string;
    signatoryName: string;
    signatoryTitle: string;
    /** Receipt numbers read `<prefix>/<financial year>/<number>`, e.g. `CART/2026-27/000123`. */
    receiptPrefix: string;
  };
}

export const siteContent: SiteContent = {
  trust: {
    name: 'Chennai Animal Rescue Trust',
    shortName: 'Animal Rescue Trust',
    tagline: 'Rescue · Rehabilitate · Rehome',
    blurb:
      'A registered animal rescue and welfare trust in Chennai caring for sick, injured, aged, disabled and abandoned dogs and cats, and sterilizing street animals.',
  },
  contact: {
    address: 'Chennai, Tamil Nadu, India',
    phone: '+91 98765 43210',
    phoneHref: '+919876543210',
    email: 'help@chennaianimalrescue.org',
    instagramUrl: 'https://www.instagram.com/chennaianimalrescue',
    instagramHandle: '@chennaianimalrescue',
  },
  meta: {
    homeTitle: 'Chennai Animal Rescue Trust: every animal deserves a second chance',
    donateTitle: 'Donate: help us save more lives | Chennai Animal Rescue Trust',
    description: `We rescue, rehabilitate and rehome sick, injured, aged and abandoned dogs and cats in Chennai. Donations are tax-deductible under ${deductionShortName(LAW_TODAY)}.`,
    donateDescription: `Make a one-time or monthly donation in rupees to feed, treat and shelter rescued dogs and cats in Chennai. Tax-deductible under ${deductionShortName(LAW_TODAY)}.`,
    themeColor: '#1b5e20',
  },
  hero: {
    headline: 'Every Animal Deserves a Second Chance',
    text: 'We rescue, rehabilitate and rehome sick, injured and abandoned animals across India, and give them the love and care they deserve.',
  },
  about: {
    title: 'Give Them a Second Chance at Life',
    intro:
      'Every day we meet animals who have been hurt, abandoned or forgotten. With your help, they heal and find a home.',
    storyTitle: 'Our Story',
    story: [
      'Our shelter in Chennai is home to paralysed, aged, abandoned and ailing dogs and cats who have nowhere else to go. Many arrive after accidents or years on the street; some will live with us for the rest of their lives.',
    ],
    call: 'We need your help with food, medicine, veterinary care and shelter. Every rupee goes into keeping them fed, treated and safe.',
    taxNotice: `We are approved under ${LAW_TODAY.approvalProvision}, so your donations are eligible for a tax deduction under ${deductionName(LAW_TODAY)}.`,
    videoLabel: 'Rescued dogs resting and playing at the shelter',
  },
  activities: {
    title: 'Our Activities',
    intro: 'From the first call for help to a safe, loving home.',
    cards: [
      {
        title: 'Rescue Operations',
        text: 'Our emergency team is available 24/7 to rescue injured, sick and abandoned animals across the city.',
      },
      {
        title: 'Medical Care',
        text: 'Surgery, treatment, medicines and long-term care from veterinarians for every animal we take in.',
      },
      {
        title: 'Rehabilitation',
        text: 'Physiotherapy, good food and patience until each animal is ready for a home, or a safe forever place with us.',
      },
    ],
    provideTitle: 'What We Provide',
    provides: [
      'Rescue of sick or injured animals',
      'Permanent sheltering for animals with long-term illnesses',
      'Care for elderly and disabled animals',
      'Rescue of abandoned animals',
      'Sterilization of street animals',
    ],
  },
  impact: {
    title: 'Our Impact',
    intro: 'What your support has made possible.',
    figures: [
      { value: '2000+', label: 'Dogs and cats sterilized in the past 10 years' },
      { value: '500+', label: 'Animals rescued since 2015' },
      { value: '350+', label: 'Dogs rescued from culling in Kerala' },
      { value: '80', label: 'Beagles rescued from lab experimentation' },
    ],
  },
  donate: {
    heading: 'Help Us Save More Lives',
    intro: `Your one-time or monthly support feeds, treats and shelters rescued animals. Every donation is tax-deductible under ${deductionShortName(LAW_TODAY)}.`,
    impactTitle: 'Impact',
    impactItems: [
      { amount: '₹500', text: 'helps fund 1 emergency CBC blood test' },
      { amount: '₹2,000', text: 'vaccinates 2 dogs' },
      { amount: '₹2,500', text: 'covers monthly feeding of one resident animal' },
      { amount: '₹3,400', text: 'sterilizes 1 street animal' },
      { amount: '₹3,500', text: 'virtually adopts an animal and covers medical care' },
    ],
    rescueTitle: 'A Recent Rescue',
    rescueVideoLabel: 'A rescued puppy recovering at the shelter',
    rescueStory: [
      'Found paralysed by the roadside after an accident, Bruno could not move his hind legs. Our team brought him in the same night.',
      'After surgery, weeks of physiotherapy and a wheelchair built for him, he now races around the shelter. Your donations make rescues like his possible.',
    ],
    shareText: 'Help rescued dogs and cats in Chennai get food, treatment and shelter. Donate here:',
  },
  footer: { copyrightYear: 2024 },
  // PLACEHOLDERS: not the trust's real registration. Replace them (here or in the staff console)
  // with the details on the trust's 80G approval before issuing real receipts.
  legal: {
    name: 'Chennai Animal Rescue Trust',
    address: '1 Placeholder Street, Chennai, Tamil Nadu 600001, India',
    pan: 'AAATC0000A',
    registration80g: 'AAATC0000AF20220PLACEHOLDER',
    approvedOn: '2022-04-01',
    validity: 'AY 2022-23 to AY 2026-27',
    signatoryName: 'Placeholder Name',
    signatoryTitle: 'Managing Trustee',
    receiptPrefix: 'CART',
  },
};
