import { createContext, useContext } from 'react';
import type { PublicAppeal } from '../../../shared/appeals.schema';
import type { AppealOnPage } from '../../../shared/page-render';
import { readPageData } from '../../site-content-context';

/** The appeal the server rendered the page with (entry-server.tsx provides it while rendering). */
const AppealContext = createContext<AppealOnPage | undefined>(undefined);
export const AppealProvider = AppealContext.Provider;

/** `/appeals/<slug>` → slug. */
export const slugOfPath = (pathname: string) => pathname.replace(/\/+$/, '').split('/').pop() ?? '';

/**
 * The appeal to show: the one rendered with (the server's render, or in the browser the page's
 * embedded data, the same figures, so hydration matches), else none (client-side navigation or the
 * dev server: the route fetches it).
 */
export function useRenderedAppeal(): AppealOnPage | undefined {
  const provided = useContext(AppealContext);
  if (provided) return provided;
  if (typeof document === 'undefined') return undefined;
  const embedded = readPageData()?.appeal;
  return embedded && embedded.slug === slugOfPath(window.location.pathname) ? embedded : undefined;
}

/** `appeals.get` over tRPC's HTTP protocol (a GET query), for a page reached without its data. */
export async function fetchAppeal(slug: string): Promise<PublicAppeal | null> {
  const response = await fetch(`/trpc/appeals.get?input=${encodeURIComponent(JSON.stringify({ slug }))}`);
  if (response.status === 404) return null;
  const body = (await response.json()) as { result?: { data: PublicAppeal } };
  if (!response.ok || !body.result) throw new Error(`appeals.get answered ${response.status}`);
  return body.result.data;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 5 Dec 2026, the India day of an instant (written out: no Intl on the page, and the same on server and browser). */
export function indiaDate(iso: string): string {
  const india = new Date(Date.parse(iso) + 330 * 60_000);
  return `${india.getUTCDate()} ${MONTHS[india.getUTCMonth()]} ${india.getUTCFullYear()}`;
}

/** "12 days left", "Last day today", "Closed", "Ended", or null with no end date. */
export function timeLeft(appeal: Pick<PublicAppeal, 'status' | 'daysLeft' | 'open'>): string | null {
  if (appeal.status === 'closed') return 'Closed';
  if (appeal.daysLeft === null) return null;
  if (!appeal.open || appeal.daysLeft === 0) return 'Ended';
  return appeal.daysLeft === 1 ? 'Last day today' : `${appeal.daysLeft} days left`;
}

/** The page's title, as its <head> has it (entry-server.tsx). */
export const appealPageTitle = (title: string, trustName: string) => `${title} | ${trustName}`;
