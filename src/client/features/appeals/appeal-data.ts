import { createContext, useContext } from 'react';
import type { PublicAppeal } from '../../../shared/appeals.schema';
import { LANGUAGE_TAGS, type Language } from '../../../shared/languages';
import type { AppealOnPage } from '../../../shared/page-render';
import type { MessageKey } from '../../i18n';
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

/** `appeals.get` over tRPC's HTTP protocol (a GET query), for a page reached without its data, in the page's language. */
export async function fetchAppeal(slug: string, language: Language = 'en'): Promise<PublicAppeal | null> {
  const input = language === 'en' ? { slug } : { slug, language };
  const response = await fetch(`/trpc/appeals.get?input=${encodeURIComponent(JSON.stringify(input))}`);
  if (response.status === 404) return null;
  const body = (await response.json()) as { result?: { data: PublicAppeal } };
  if (!response.ok || !body.result) throw new Error(`appeals.get answered ${response.status}`);
  return body.result.data;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 5 Dec 2026, the India day of an instant: in English written out (the same on server and browser);
 * in Tamil and Hindi by Intl with the language's tag (`5 டிசம்பர் 2026`, `5 दिसंबर 2026`).
 */
export function indiaDate(iso: string, language: Language = 'en'): string {
  if (language !== 'en') {
    return new Intl.DateTimeFormat(LANGUAGE_TAGS[language], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    }).format(new Date(iso));
  }
  const india = new Date(Date.parse(iso) + 330 * 60_000);
  return `${india.getUTCDate()} ${MONTHS[india.getUTCMonth()]} ${india.getUTCFullYear()}`;
}

/** A count (donors, days) as the language writes it: Indian grouping, Western digits (`1,00,000`). */
export function formatCount(count: number, language: Language = 'en'): string {
  return language === 'en' ? String(count) : new Intl.NumberFormat(LANGUAGE_TAGS[language]).format(count);
}

/** The message saying how long is left: "12 days left", "Last day today", "Closed", "Ended", or null with no end date. */
export function timeLeft(
  appeal: Pick<PublicAppeal, 'status' | 'daysLeft' | 'open'>,
): { key: Extract<MessageKey, 'appeal_closed' | 'appeal_ended' | 'appeal_last_day'> } | { days: number } | null {
  if (appeal.status === 'closed') return { key: 'appeal_closed' };
  if (appeal.daysLeft === null) return null;
  if (!appeal.open || appeal.daysLeft === 0) return { key: 'appeal_ended' };
  return appeal.daysLeft === 1 ? { key: 'appeal_last_day' } : { days: appeal.daysLeft };
}

/** The page's title, as its <head> has it (entry-server.tsx). */
export const appealPageTitle = (title: string, trustName: string) => `${title} | ${trustName}`;
