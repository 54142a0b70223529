/**
 * The contract between the server and the pages' server-side bundle (src/client/entry-server.tsx,
 * built into dist/prerender): the server hands a path and the data to render it with, the bundle
 * answers the page's markup and what its <head> needs, and the server makes the document
 * (src/server/transports/web/page-documents.ts). The build prerenders the same way. No Node or DOM imports.
 */
import type { AdoptListOnPage, AnimalOnPage } from './adoptable';
import type { PublicAppeal, PublicAppealCard } from './appeals.schema';
import type { Language } from './languages';
import type { PolicyTrustDetails } from './policy-pages';
import type { PageContent } from './site-content';

/**
 * An appeal as its page is rendered with and hydrated from: without when its totals were counted
 * (the page does not show it), so a page rendered again with the same figures has the same bytes and ETag.
 */
export type AppealOnPage = Omit<PublicAppeal, 'totalsAt'> & {
  /** The animal the appeal is for, when it has a public page (`/adopt/<slug>`): the page links it. */
  animal?: { slug: string; name: string } | null;
};

/** What a page is rendered with, and what a React page is hydrated with (embedded in the page as JSON). */
export interface PageData {
  /** The published site content (or a draft, in a preview). */
  content: PageContent;
  /**
   * The language to render the page in (English without): the site's own texts in it, the page at
   * its address in that language (`/ta/…`, shared/locale-paths.ts). Staff's site content stays English
   * for now; an appeal's own texts come in the language where staff gave them.
   */
  language?: Language;
  /**
   * An appeal's page (`/appeals/<slug>`, `/ta/appeals/<slug>`): the appeal as the public query
   * answers it in the page's language, its figures at most a minute old.
   */
  appeal?: AppealOnPage;
  /**
   * An appeal's Open Graph card (its path) where the page is in another language: the card is the
   * English one in every language (its title in English), so a Tamil page shares the same picture.
   */
  appealCard?: string;
  /**
   * The trust's details the policy pages name (the admin's Trust details): the server reads them
   * when it renders; without (the build's prerender), the defaults. Never embedded in a React page.
   */
  trust?: PolicyTrustDetails;
  /** The appeals taking gifts, listed on the home page and /donate (server-rendered; their figures follow within a minute). */
  openAppeals?: PublicAppealCard[];
  /** `/adopt` (server/transports/web/animal-pages.ts): the filters asked for and one page of adoptable animals. */
  adoptList?: AdoptListOnPage;
  /** An animal's page (`/adopt/<slug>`), in the page's language. */
  animal?: AnimalOnPage;
}

/** What each page puts in its <head>; the browser keeps document.title in step. */
export interface PageMeta {
  title: string;
  description: string;
  /** Canonical path, or null for a page with no canonical address and kept out of search (404). */
  path: string | null;
  /**
   * A page with its canonical address, alternates and link preview that is still kept out of search:
   * my giving, opened with a donor's own link (the token in its query never in the canonical).
   */
  noindex?: true;
}

/** One page as the bundle renders it. */
export interface RenderedPage {
  /** 200, or 404 for the not-found page. */
  status: number;
  /** The markup of #root (React's resource hints first, which the document moves into <head>). */
  html: string;
  meta: PageMeta;
  /** The site's name (Open Graph). */
  siteName: string;
  /** The language the page is in (`<html lang>`, `og:locale`, its fonts). */
  language: Language;
  /**
   * The page's address in each language it exists in (hreflang alternates, x-default the English),
   * for an indexed page; empty for one kept out of search.
   */
  alternates: { language: Language; path: string }[];
  /** The link preview's picture (a JPEG): its path on the site, size and description. */
  shareImage: { path: string; width: number; height: number; alt: string };
  /** A React page's chunk as Vite's manifest names it (its stylesheets are linked); null for a static page. */
  chunk: string | null;
  /** A React page's data, embedded for its hydration; null for a static page (it never hydrates). */
  data: PageData | null;
}

/** The <script type="application/json"> a React page's data travels in. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** The data as a script element's text: JSON that can never close the element (`<` escaped). */
export function pageDataScript(data: PageData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}
