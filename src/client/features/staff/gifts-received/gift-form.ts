import type { Language } from '../../../../shared/languages';
import { MODE_FIELDS, type ModeField, type OfflineGiftMode } from '../../../../shared/offline-gift.schema';
import { parseRupees } from '../../../../shared/rupees';

/** What the form holds: text as typed (the amount in rupees), turned into the procedure's input on submit. */
export interface GiftFormValues {
  mode: OfflineGiftMode;
  name: string;
  email: string;
  phone: string;
  amountRupees: string;
  receivedOn: string;
  purpose: string;
  reference: string;
  bank: string;
  instrumentDate: string;
  kindDescription: string;
  wants80g: boolean;
  idKind: 'pan' | 'aadhaar';
  idNumber: string;
  address: string;
  allowClosedYear: boolean;
  /** The appeal's id as the select holds it, '' for none. */
  appealId: string;
  /** '' when the gift is given in nobody's memory or honour. */
  tributeKind: '' | 'memory' | 'honour';
  tributeOf: 'person' | 'animal';
  tributeName: string;
  tributeMessage: string;
  /** The donor's language: their receipt mail speaks it, the receipt prints it beside English. */
  language: Language;
}

export const emptyGift = (today: string): GiftFormValues => ({
  mode: 'cheque',
  name: '',
  email: '',
  phone: '',
  amountRupees: '',
  receivedOn: today,
  purpose: '',
  reference: '',
  bank: '',
  instrumentDate: '',
  kindDescription: '',
  wants80g: false,
  idKind: 'pan',
  idNumber: '',
  address: '',
  allowClosedYear: false,
  appealId: '',
  tributeKind: '',
  tributeOf: 'person',
  tributeName: '',
  tributeMessage: '',
  language: 'en',
});

/** The fields the chosen mode shows beyond the donor, amount, date and purpose. */
export const fieldsOfMode = (mode: OfflineGiftMode): ModeField[] => [
  ...MODE_FIELDS[mode].required,
  ...MODE_FIELDS[mode].optional,
];

/**
 * The procedure's input: only the chosen mode's fields, the amount in paise (or left out when it
 * is not an amount, so the schema names it), and the ID number under its kind. The server checks
 * it all again with the same schema.
 */
export function giftInputOf(values: GiftFormValues): Record<string, unknown> {
  const modeFields = new Set(fieldsOfMode(values.mode));
  const pick = (field: ModeField) => (modeFields.has(field) ? values[field] || undefined : undefined);
  return {
    name: values.name,
    email: values.email || undefined,
    phone: values.phone || undefined,
    amount: parseRupees(values.amountRupees) ?? undefined,
    mode: values.mode,
    receivedOn: values.receivedOn,
    purpose: values.purpose || undefined,
    reference: pick('reference'),
    bank: pick('bank'),
    instrumentDate: pick('instrumentDate'),
    kindDescription: pick('kindDescription'),
    wants80g: values.wants80g,
    ...(values.wants80g
      ? { address: values.address || undefined, [values.idKind]: values.idNumber.trim().toUpperCase() || undefined }
      : {}),
    ...(values.allowClosedYear ? { allowClosedYear: true } : {}),
    ...(values.appealId ? { appealId: Number(values.appealId) } : {}),
    ...(values.language !== 'en' ? { language: values.language } : {}),
    ...(values.tributeKind
      ? {
          tribute: {
            kind: values.tributeKind,
            of: values.tributeOf,
            name: values.tributeName,
            ...(values.tributeMessage.trim() ? { message: values.tributeMessage } : {}),
          },
        }
      : {}),
  };
}

/** The form's field a schema path (or a server message's `field:` prefix) belongs to. */
export function formFieldOf(path: string): keyof GiftFormValues {
  if (path === 'amount') return 'amountRupees';
  if (path === 'pan' || path === 'aadhaar') return 'idNumber';
  if (path.startsWith('tribute.')) {
    const field = path.slice('tribute.'.length);
    return `tribute${field.charAt(0).toUpperCase()}${field.slice(1)}` as keyof GiftFormValues;
  }
  return path as keyof GiftFormValues;
}

export type Errors = Partial<Record<keyof GiftFormValues, string>>;

/** The server's answer as one message per field: a 400's issues, or a refusal whose message starts with its field. */
export function errorsOf(error: unknown): { fields: Errors; other: string | null } {
  if (!error) return { fields: {}, other: null };
  const data = (error as { data?: { issues?: { path: string; message: string }[] } }).data;
  const fields: Errors = {};
  for (const issue of data?.issues ?? []) fields[formFieldOf(issue.path)] ??= issue.message;
  if (Object.keys(fields).length > 0) return { fields, other: null };
  const message = error instanceof Error ? error.message : String(error);
  const prefixed = /^(\w+): (.*)$/s.exec(message);
  if (prefixed?.[1] && prefixed[2]) return { fields: { [formFieldOf(prefixed[1])]: prefixed[2] }, other: null };
  return { fields: {}, other: message };
}
