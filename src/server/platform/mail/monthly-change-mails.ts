import { GLOSSARY, type Language } from '../../../shared/languages';
import { formatReceiptRupees as rupees } from '../../../shared/rupees';
import { DEFAULT_CONTACT, type TrustContact } from '../site-content/published-contact';
import { renderMail } from './layout';
import { mailMessages } from './messages';
import type { MailContent } from './templates';

/**
 * The confirmation a donor gets for each change they (or the trust, or Razorpay) make to a monthly
 * gift (gifts/settlement/monthly-changes.ts): in their language, with their page's link as every
 * donor mail has. Its words live here, not in messages.ts, one object per language under one type.
 */
/** What changed, as the mail tells it. */
export type MonthlyChangeWhat =
  | { kind: 'amount_changed'; from: number; to: number; fromDate: Date | null }
  | { kind: 'paused'; amount: number }
  | { kind: 'resumed'; amount: number }
  | { kind: 'cancel_at_cycle_end'; amount: number; endsOn: Date | null }
  | { kind: 'mandate_replaced'; amount: number; endsOn: Date | null };

export type MonthlyChangeFacts = {
  donorName: string;
  donorPageUrl: string;
  language?: Language;
  contact?: TrustContact;
  /** What the gift is for, named as the donor page names it (an animal, an appeal), or null. */
  purpose?: string | null;
} & MonthlyChangeWhat;

interface ChangeMessages {
  amountSubject: string;
  amountBody(from: string, to: string, when: string | null): string;
  pausedSubject: string;
  pausedBody(amount: string): string;
  resumedSubject: string;
  resumedBody(amount: string): string;
  endingSubject: string;
  endingBody(amount: string, when: string | null): string;
  replacedSubject: string;
  replacedBody(amount: string, when: string | null): string;
  forPurpose(purpose: string): string;
  seeYourPage: string;
}

const ta = GLOSSARY.ta;
const hi = GLOSSARY.hi;

const MESSAGES = {
  en: {
    amountSubject: 'Your monthly donation’s new amount',
    amountBody: (from, to, when) =>
      `Your monthly donation changes from ${from} to ${to}${when ? `, from the charge on ${when}` : ' from the next charge'}. The month already paid is not changed.`,
    pausedSubject: 'Your monthly donation is paused',
    pausedBody: (amount) =>
      `Your monthly donation of ${amount} is paused: nothing is charged until you resume it on your page.`,
    resumedSubject: 'Your monthly donation is running again',
    resumedBody: (amount) => `Your monthly donation of ${amount} is running again; thank you for coming back.`,
    endingSubject: 'Your monthly donation will end with the month paid',
    endingBody: (amount, when) =>
      `Your monthly donation of ${amount} is cancelled at the end of the month already paid${when ? ` (${when})` : ''}; nothing more will be charged.`,
    replacedSubject: 'Your new mandate has taken over',
    replacedBody: (amount, when) =>
      `Your new mandate is authorised. The old one ends with the month already paid${when ? ` (${when})` : ''} and is not charged again; from now on ${amount} a month comes through the new one.`,
    forPurpose: (purpose) => `It is for: ${purpose}.`,
    seeYourPage: 'Every change is on your page, where you can change it again.',
  },
  ta: {
    amountSubject: `உங்கள் ${ta.monthlyGift}யின் புதிய தொகை`,
    amountBody: (from, to, when) =>
      `உங்கள் ${ta.monthlyGift} ${from} இலிருந்து ${to} ஆக மாறுகிறது${when ? `, ${when} அன்று வசூலிக்கப்படும் தொகையிலிருந்து` : ', அடுத்த வசூலிலிருந்து'}. ஏற்கனவே செலுத்திய மாதம் மாறாது.`,
    pausedSubject: `உங்கள் ${ta.monthlyGift} இடைநிறுத்தப்பட்டது`,
    pausedBody: (amount) =>
      `உங்கள் ${amount} ${ta.monthlyGift} இடைநிறுத்தப்பட்டது: உங்கள் பக்கத்தில் மீண்டும் தொடங்கும் வரை எதுவும் வசூலிக்கப்படாது.`,
    resumedSubject: `உங்கள் ${ta.monthlyGift} மீண்டும் தொடங்கியது`,
    resumedBody: (amount) => `உங்கள் ${amount} ${ta.monthlyGift} மீண்டும் தொடங்கியது; திரும்பி வந்ததற்கு நன்றி.`,
    endingSubject: `உங்கள் ${ta.monthlyGift} செலுத்திய மாதத்துடன் முடிவடையும்`,
    endingBody: (amount, when) =>
      `உங்கள் ${amount} ${ta.monthlyGift} ஏற்கனவே செலுத்திய மாதத்தின் முடிவில் ரத்து செய்யப்படுகிறது${when ? ` (${when})` : ''}; இனி எதுவும் வசூலிக்கப்படாது.`,
    replacedSubject: 'உங்கள் புதிய ஆணை நடைமுறைக்கு வந்தது',
    replacedBody: (amount, when) =>
      `உங்கள் புதிய ஆணை அங்கீகரிக்கப்பட்டது. பழைய ஆணை ஏற்கனவே செலுத்திய மாதத்துடன் முடிவடையும்${when ? ` (${when})` : ''}, மீண்டும் வசூலிக்கப்படாது; இனி மாதம் ${amount} புதிய ஆணை மூலம் வரும்.`,
    forPurpose: (purpose) => `இது இதற்காக: ${purpose}.`,
    seeYourPage: 'ஒவ்வொரு மாற்றமும் உங்கள் பக்கத்தில் உள்ளது; அங்கே மீண்டும் மாற்றலாம்.',
  },
  hi: {
    amountSubject: `आपके ${hi.monthlyGift} की नई राशि`,
    amountBody: (from, to, when) =>
      `आपका ${hi.monthlyGift} ${from} से बदलकर ${to} हो रहा है${when ? `, ${when} की कटौती से` : ', अगली कटौती से'}। जिस महीने का भुगतान हो चुका है, वह नहीं बदलेगा।`,
    pausedSubject: `आपका ${hi.monthlyGift} रोका गया है`,
    pausedBody: (amount) =>
      `आपका ${amount} का ${hi.monthlyGift} रोका गया है: जब तक आप अपने पेज पर इसे फिर से शुरू नहीं करते, कुछ नहीं कटेगा।`,
    resumedSubject: `आपका ${hi.monthlyGift} फिर से शुरू हो गया है`,
    resumedBody: (amount) => `आपका ${amount} का ${hi.monthlyGift} फिर से शुरू हो गया है; लौटने के लिए धन्यवाद।`,
    endingSubject: `आपका ${hi.monthlyGift} भुगतान किए गए महीने के साथ समाप्त होगा`,
    endingBody: (amount, when) =>
      `आपका ${amount} का ${hi.monthlyGift} पहले से भुगतान किए गए महीने के अंत में रद्द हो जाएगा${when ? ` (${when})` : ''}; इसके बाद कुछ नहीं कटेगा।`,
    replacedSubject: 'आपका नया मैंडेट लागू हो गया है',
    replacedBody: (amount, when) =>
      `आपका नया मैंडेट स्वीकृत हो गया है। पुराना मैंडेट पहले से भुगतान किए गए महीने के साथ समाप्त होगा${when ? ` (${when})` : ''} और उससे फिर कुछ नहीं कटेगा; अब हर महीने ${amount} नए मैंडेट से आएगा।`,
    forPurpose: (purpose) => `यह इसके लिए है: ${purpose}।`,
    seeYourPage: 'हर बदलाव आपके पेज पर है, जहाँ आप इसे फिर से बदल सकते हैं।',
  },
} satisfies Record<Language, ChangeMessages>;

const LOCALES: Record<Language, string> = { en: 'en-IN', ta: 'ta-IN', hi: 'hi-IN' };

/** An India day in the mail's language: 29 November 2026, 29 நவம்பர் 2026, 29 नवंबर 2026. */
export function indiaDay(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(date);
}

export function monthlyChangeMail(facts: MonthlyChangeFacts): MailContent {
  const language = facts.language ?? 'en';
  const m: ChangeMessages = MESSAGES[language];
  const day = (date: Date | null) => (date ? indiaDay(date, language) : null);
  const [subject, body] = ((): [string, string] => {
    switch (facts.kind) {
      case 'amount_changed':
        return [m.amountSubject, m.amountBody(rupees(facts.from), rupees(facts.to), day(facts.fromDate))];
      case 'paused':
        return [m.pausedSubject, m.pausedBody(rupees(facts.amount))];
      case 'resumed':
        return [m.resumedSubject, m.resumedBody(rupees(facts.amount))];
      case 'cancel_at_cycle_end':
        return [m.endingSubject, m.endingBody(rupees(facts.amount), day(facts.endsOn))];
      case 'mandate_replaced':
        return [m.replacedSubject, m.replacedBody(rupees(facts.amount), day(facts.endsOn))];
    }
  })();
  const blocks = [{ p: mailMessages(language).dear(facts.donorName) }, { p: body }];
  if (facts.purpose) blocks.push({ p: m.forPurpose(facts.purpose) });
  blocks.push({ p: m.seeYourPage });
  return {
    subject,
    ...renderMail(blocks, facts.donorPageUrl, undefined, language, facts.contact ?? DEFAULT_CONTACT),
  };
}
