import { describe, expect, it } from 'vitest';
import { GLOSSARY, LANGUAGES } from '../../../shared/languages';
import { RECEIPT_MESSAGES, type ReceiptMessages } from '../../gifts/receipts/receipt-messages';
import { MAIL_MESSAGES, type MailMessages } from './messages';
import { receiptMail } from './templates';

/** Every key of a table, nested ones as `a.b`. */
const keysOf = (table: object, prefix = ''): string[] =>
  Object.entries(table).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('the messages of each language', () => {
  it('has every key in every language, and none empty', () => {
    const english = keysOf(MAIL_MESSAGES.en).sort();
    for (const language of LANGUAGES) {
      expect(keysOf(MAIL_MESSAGES[language]).sort(), language).toEqual(english);
      expect(keysOf(GLOSSARY[language]).sort(), language).toEqual(keysOf(GLOSSARY.en).sort());
      for (const [key, value] of Object.entries(MAIL_MESSAGES[language])) {
        const text = typeof value === 'function' ? (value as (...args: string[]) => string)('x', 'y') : value;
        expect(typeof text === 'string' ? text.trim() : Object.values(text).join(''), `${language}.${key}`).not.toBe(
          '',
        );
      }
    }
    expect(keysOf(RECEIPT_MESSAGES.ta).sort()).toEqual(keysOf(RECEIPT_MESSAGES.hi).sort());
  });

  it('fails the type check when a language misses a key', () => {
    const { donate: _donate, ...withoutOne } = MAIL_MESSAGES.ta;
    // @ts-expect-error: a table without `donate` is not a MailMessages.
    const incomplete: MailMessages = withoutOne;
    const { signatory: _signatory, ...receiptWithoutOne } = RECEIPT_MESSAGES.hi;
    // @ts-expect-error: nor a receipt table without `signatory`.
    const incompleteReceipt: ReceiptMessages = receiptWithoutOne;
    expect(incomplete).toBeDefined();
    expect(incompleteReceipt).toBeDefined();
  });

  it('writes amounts with Indian grouping and the glossary’s terms in every language', () => {
    const facts = {
      donorName: 'Asha',
      donorPageUrl: 'https://example.org/my-giving',
      amount: 10_000_000,
      receiptNumber: 'CART/2026-27/000001',
      hasTaxId: false,
      deductionSection: '133',
    };
    for (const language of LANGUAGES) {
      const mail = receiptMail({ ...facts, language });
      expect(mail.text, language).toContain('₹1,00,000.00');
      expect(mail.subject, language).toContain(GLOSSARY[language].donationReceipt);
      expect(mail.text, language).toContain(GLOSSARY[language].section('133'));
    }
    expect(receiptMail({ ...facts, language: 'ta' }).html).toContain('<html lang="ta-IN">');
    // English is as it always was.
    expect(receiptMail(facts).subject).toBe('Your donation receipt CART/2026-27/000001');
    expect(receiptMail(facts).html).toContain('<html lang="en">');
  });
});
