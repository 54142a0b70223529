import {
  DONATION_SORT_COLUMNS,
  type DonationFilter,
  type DonationListInput,
  donationFilterSchema,
} from '../../../../shared/staff.schema';

/**
 * The donations page's URL search params: its filters, page and sort, so a reload or a shared link
 * shows the same rows. The router parses values as JSON where it can (`?min=500` arrives a number),
 * so every reader here takes strings and numbers alike, and drops what does not fit.
 */
export interface DonationsSearch {
  status?: string;
  type?: string;
  purpose?: string;
  mode?: string;
  from?: string;
  to?: string;
  min?: string | number;
  max?: string | number;
  q?: string | number;
  page?: number;
  size?: number;
  sort?: string;
  dir?: string;
}

export const PAGE_SIZES = [25, 50, 100];
const DEFAULT_PAGE_SIZE = 50;

const text = (value: unknown): string | undefined =>
  value === undefined || value === null || String(value).trim() === '' ? undefined : String(value).trim();
const number = (value: unknown): number | undefined => {
  const parsed = text(value) === undefined ? Number.NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
};

/** The filter the list and the CSV export share; a field the server would refuse is left out. */
export function filterOf(search: DonationsSearch): DonationFilter {
  const candidate: Record<string, unknown> = {
    status: text(search.status)?.split(','),
    type: text(search.type),
    purpose: text(search.purpose),
    mode: text(search.mode),
    from: text(search.from),
    to: text(search.to),
    minAmountRupees: number(search.min),
    maxAmountRupees: number(search.max),
    search: text(search.q),
  };
  for (const key of Object.keys(candidate)) if (candidate[key] === undefined) delete candidate[key];
  const parsed = donationFilterSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete candidate[String(issue.path[0])];
  return donationFilterSchema.parse(candidate);
}

type SortColumn = (typeof DONATION_SORT_COLUMNS)[number];

export function listInputOf(search: DonationsSearch): DonationListInput {
  const size = number(search.size);
  const sort = DONATION_SORT_COLUMNS.find((column) => column === search.sort) ?? 'createdAt';
  return {
    filter: filterOf(search),
    page: Math.max(1, Math.trunc(number(search.page) ?? 1)),
    pageSize: size && PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: sort as SortColumn,
    direction: search.dir === 'asc' ? 'asc' : 'desc',
  };
}

/** The export's address for exactly these filters. */
export function csvHref(filter: DonationFilter): string {
  return `/staff/api/donations.csv?filters=${encodeURIComponent(JSON.stringify(filter))}`;
}
