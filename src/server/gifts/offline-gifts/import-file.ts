import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { PURPOSES, type Purpose } from '../../../shared/donation-rules';
import { OFFLINE_GIFT_MODES, type OfflineGiftMode } from '../../../shared/gift-modes';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../shared/languages';
import { type ImportProblem, type OfflineGiftInput, offlineGiftInputSchema } from '../../../shared/offline-gift.schema';
import { parseRupees } from '../../../shared/rupees';

/**
 * Reading an import file: one row a gift, with the columns of the console's form. Each row becomes
 * the same `OfflineGiftInput` the form sends, checked by the same schema, or its problems with the
 * file's line number and the column's name. Nothing here touches the database.
 */

/** The file's columns, in the template's order, each with the form field it fills and an example. */
export const IMPORT_COLUMNS = [
  { column: 'name', field: 'name', example: 'Meena Raman', note: 'required' },
  { column: 'email', field: 'email', example: 'meena@example.com', note: 'the receipt is mailed here' },
  { column: 'phone', field: 'phone', example: '9876543210', note: 'required except for cash' },
  { column: 'amount_rupees', field: 'amount', example: '5000.00', note: 'rupees, up to two decimals' },
  { column: 'mode', field: 'mode', example: 'cheque', note: 'cheque, demand-draft, bank-transfer, cash or kind' },
  { column: 'received_on', field: 'receivedOn', example: '2026-11-02', note: 'YYYY-MM-DD or DD/MM/YYYY' },
  { column: 'purpose', field: 'purpose', example: 'medical', note: Object.keys(PURPOSES).join(', ') },
  { column: 'reference', field: 'reference', example: '004512', note: 'cheque/draft number, UTR, cash voucher' },
  { column: 'bank', field: 'bank', example: 'State Bank of India', note: 'cheque and draft: required' },
  { column: 'instrument_date', field: 'instrumentDate', example: '2026-11-01', note: 'date on the cheque/draft' },
  { column: 'kind_description', field: 'kindDescription', example: '', note: 'in kind: what was given' },
  {
    column: 'address',
    field: 'address',
    example: '12 Gandhi Street, Adyar, Chennai 600020',
    note: 'for a receipt with PAN or Aadhaar',
  },
  { column: 'pan', field: 'pan', example: 'ABCDE1234F', note: '' },
  { column: 'aadhaar', field: 'aadhaar', example: '', note: '' },
  {
    column: 'language',
    field: 'language',
    example: 'en',
    note: 'en, ta or hi (English, Tamil, Hindi): the receipt mail is in it, the receipt beside English',
  },
] as const;

type ImportColumn = (typeof IMPORT_COLUMNS)[number]['column'];
const COLUMN_OF_FIELD = new Map<string, string>(IMPORT_COLUMNS.map((c) => [c.field, c.column]));
const REQUIRED_COLUMNS: ImportColumn[] = ['name', 'amount_rupees', 'mode', 'received_on'];

/** The most rows one file may hold: a year's offline gifts of a small trust, many times over. */
export const MAX_IMPORT_ROWS = 10_000;

/** The template the console offers: the header, one example row, and what each column takes. */
export function importTemplateCsv(): string {
  return stringify([IMPORT_COLUMNS.map((c) => c.example)], {
    bom: true,
    header: true,
    columns: IMPORT_COLUMNS.map((c) => c.column),
  });
}

export interface ReadRow {
  line: number;
  /** What the row says, for the preview, even when it is refused. */
  name: string;
  mode: string;
  receivedOn: string;
  amount: number | null;
  /** The checked gift, or its problems. */
  gift: OfflineGiftInput | null;
  problems: ImportProblem[];
}

export type ReadFile = { rows: ReadRow[]; fileProblems: ImportProblem[] };

/** Parses and checks every row; a file that cannot be read at all says where. */
export function readImportFile(text: string): ReadFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it ended; the package's types do not say so.
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = Number((error as { lines?: number }).lines ?? 1);
    return {
      rows: [],
      fileProblems: [{ line, column: '', message: `the file cannot be read as CSV: ${(error as Error).message}` }],
    };
  }
  const [header, ...body] = records;
  if (!header)
    return { rows: [], fileProblems: [{ line: 1, column: '', message: 'the file is empty: download the template' }] };
  const headings = header.record.map((cell) => cell.toLowerCase().replace(/[\s-]+/g, '_'));
  const fileProblems = headerProblems(headings);
  if (body.length > MAX_IMPORT_ROWS) {
    fileProblems.push({
      line: 1,
      column: '',
      message: `the file has ${body.length} rows: import at most ${MAX_IMPORT_ROWS} at a time`,
    });
  }
  if (fileProblems.length > 0) return { rows: [], fileProblems };
  const rows = body.map(({ record, info }) => {
    // info.lines is the row's last line; a quoted cell may span several.
    const line = info.lines - record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    return readRow(line, headings, record);
  });
  return { rows, fileProblems: [] };
}

function headerProblems(headings: string[]): ImportProblem[] {
  const known = new Set<string>(IMPORT_COLUMNS.map((c) => c.column));
  const problems: ImportProblem[] = [];
  for (const heading of headings) {
    if (!known.has(heading)) {
      problems.push({
        line: 1,
        column: heading,
        message: `is not a column of the template (${[...known].join(', ')})`,
      });
    }
  }
  for (const column of REQUIRED_COLUMNS) {
    if (!headings.includes(column)) problems.push({ line: 1, column, message: 'is missing: every file needs it' });
  }
  const seen = new Set<string>();
  for (const heading of headings) {
    if (seen.has(heading)) problems.push({ line: 1, column: heading, message: 'appears twice' });
    seen.add(heading);
  }
  return problems;
}

function readRow(line: number, headings: string[], record: string[]): ReadRow {
  const cell = (column: ImportColumn) => record[headings.indexOf(column)] ?? '';
  const problems: ImportProblem[] = [];
  if (record.length !== headings.length) {
    problems.push({ line, column: '', message: `has ${record.length} cells, the header ${headings.length}` });
  }
  const amount = parseRupees(cell('amount_rupees'));
  if (amount === null) {
    problems.push({ line, column: 'amount_rupees', message: 'must be an amount in rupees like 1500 or 1,500.50' });
  }
  const mode = modeOf(cell('mode'));
  if (mode === null && cell('mode') !== '') {
    problems.push({ line, column: 'mode', message: `must be one of ${OFFLINE_GIFT_MODES.join(', ')}` });
  }
  const receivedOn = isoDay(cell('received_on'));
  const input: Record<string, unknown> = {
    name: cell('name'),
    email: cell('email'),
    phone: cell('phone'),
    amount: amount ?? undefined,
    mode: mode ?? cell('mode'),
    receivedOn,
    purpose: purposeOf(cell('purpose')),
    reference: cell('reference'),
    bank: cell('bank'),
    instrumentDate: isoDay(cell('instrument_date')),
    kindDescription: cell('kind_description'),
    address: cell('address') || undefined,
    pan: cell('pan').toUpperCase() || undefined,
    aadhaar: cell('aadhaar').replace(/[\s-]/g, '') || undefined,
    language: languageOfCell(cell('language')),
  };
  input.wants80g = Boolean(input.address || input.pan || input.aadhaar);
  const parsed = offlineGiftInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF_FIELD.get(String(issue.path[0] ?? '')) ?? '';
      // A missing amount or an unknown mode is said once, above, in the file's own words.
      if (
        (column === 'amount_rupees' && amount === null) ||
        (column === 'mode' && mode === null && cell('mode') !== '')
      )
        continue;
      problems.push({ line, column, message: issue.message });
    }
  }
  return {
    line,
    name: cell('name'),
    mode: mode ?? cell('mode'),
    receivedOn,
    amount,
    gift: problems.length === 0 && parsed.success ? parsed.data : null,
    problems,
  };
}

/** A language by its code or its name in English or in itself (`ta`, `Tamil`, `தமிழ்`); blank is English. */
function languageOfCell(text: string): string | undefined {
  const word = text.trim().toLowerCase();
  if (word === '') return undefined;
  const named = LANGUAGES.find((code) => code === word || LANGUAGE_NAMES[code].toLowerCase() === word);
  return named ?? { english: 'en', tamil: 'ta', hindi: 'hi' }[word] ?? text;
}

/** Each mode by its name, its label's words, or what a bank statement calls it. */
const MODE_WORDS: Record<string, OfflineGiftMode> = {
  cheque: 'cheque',
  check: 'cheque',
  'demand-draft': 'demand-draft',
  'demand draft': 'demand-draft',
  dd: 'demand-draft',
  draft: 'demand-draft',
  'bank-transfer': 'bank-transfer',
  'bank transfer': 'bank-transfer',
  transfer: 'bank-transfer',
  neft: 'bank-transfer',
  rtgs: 'bank-transfer',
  imps: 'bank-transfer',
  upi: 'bank-transfer',
  cash: 'cash',
  kind: 'kind',
  'in kind': 'kind',
};

const modeOf = (text: string): OfflineGiftMode | null => MODE_WORDS[text.trim().toLowerCase()] ?? null;

/** A purpose by its key or its label, any case; '' for none, and anything else as written (the schema names it). */
function purposeOf(text: string): string {
  const wanted = text.trim().toLowerCase();
  const found = (Object.entries(PURPOSES) as [Purpose, string][]).find(
    ([key, label]) => key === wanted || label.toLowerCase() === wanted,
  );
  return found ? found[0] : text;
}

/** `YYYY-MM-DD` as is; `DD/MM/YYYY` or `DD-MM-YYYY` (as India writes a date, and spreadsheets save it) turned round. */
function isoDay(text: string): string {
  const indian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!indian) return text.trim();
  const [, day, month, year] = indian as unknown as [string, string, string, string];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
