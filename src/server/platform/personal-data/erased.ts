/**
 * What an erased person's details are overwritten with, wherever they were: donations, contacts,
 * mails, receipts past their retention. One place, so every table says "erased" the same way.
 */
export const ERASED = 'erased';
export const ERASED_EMAIL = 'erased@erased.invalid';
