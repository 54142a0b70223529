import { APPLICATION_KINDS, APPLICATION_STATUSES, type ApplicationKind } from '../../../shared/applications';

/**
 * The list's URL search params (a reload or the overview's link shows the same rows). The router
 * parses values as JSON where it can, so each reader takes what it is given and drops what does not fit.
 */
export interface ApplicationsSearch {
  kind?: string;
  status?: string;
  waiting?: boolean | string;
  q?: string | number;
  page?: number | string;
}

export type StatusFilter = (typeof APPLICATION_STATUSES)[number] | 'open';

export function listInputOf(search: ApplicationsSearch) {
  const kind = (APPLICATION_KINDS as readonly string[]).includes(String(search.kind))
    ? (search.kind as ApplicationKind)
    : undefined;
  const status = ([...APPLICATION_STATUSES, 'open'] as readonly string[]).includes(String(search.status))
    ? (search.status as StatusFilter)
    : undefined;
  const page = Number(search.page);
  return {
    kind,
    status,
    waiting: search.waiting === true || search.waiting === 'true',
    search: search.q === undefined ? '' : String(search.q).slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}
