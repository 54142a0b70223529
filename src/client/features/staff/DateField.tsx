import { DateInput, type DateInputProps } from '@mantine/dates';

/**
 * The console's one date box: it shows and takes day, month, year (`29 Nov 2026`) whatever the
 * browser's locale (a plain `<input type="date">` is month first on an American-English machine),
 * with a calendar to pick from; its value stays the `YYYY-MM-DD` string the server takes, '' for none.
 */
export const DATE_SHOWN = 'DD MMM YYYY';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_FIRST = /^(\d{1,2})[\s/.-]+(\d{1,2}|[a-z]{3,9})[\s/.,-]+(\d{4})$/i;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as `YYYY-MM-DD`, or null (31 Feb is no day). */
function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * What staff type, read day first: `29 Nov 2026`, `29 November 2026`, `29/11/2026`, `29-11-2026`,
 * `29.11.2026`, and the ISO `2026-11-29`; null for anything else (never read month first).
 */
export function parseDayFirst(text: string): string | null {
  const typed = text.trim();
  const iso = ISO_DAY.exec(typed);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const match = DAY_FIRST.exec(typed);
  if (!match) return null;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  const monthNumber = /^\d+$/.test(month)
    ? Number(month)
    : MONTHS.findIndex((name) => month.toLowerCase().startsWith(name)) + 1;
  return monthNumber ? isoOf(Number(year), monthNumber, Number(day)) : null;
}

type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'clearable'
> & {
  /** `YYYY-MM-DD`, or '' (or undefined) for no date. */
  value: string | undefined;
  onChange: (value: string) => void;
};

export function DateField({ value, onChange, required, placeholder, ...rest }: DateFieldProps) {
  return (
    <DateInput
      {...rest}
      required={required}
      value={value ? value : null}
      onChange={(picked) => onChange(picked ?? '')}
      valueFormat={DATE_SHOWN}
      dateParser={parseDayFirst}
      placeholder={placeholder ?? 'e.g. 29 Nov 2026'}
      // An optional date can be emptied (the ✕ or deleting the text); a required one keeps its last day.
      clearable={!required}
    />
  );
}
