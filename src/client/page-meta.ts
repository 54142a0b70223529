import { siteContent } from '../shared/site-content';

/** What each prerendered page puts in its <head>; the browser keeps document.title in step. */
export interface PageMeta {
  title: string;
  description: string;
  /** Canonical path, or null for a page with no canonical address and kept out of search (404, my giving). */
  path: string | null;
}

export const PAGE_META = {
  home: { title: siteContent.meta.homeTitle, description: siteContent.meta.description, path: '/' },
  donate: { title: siteContent.meta.donateTitle, description: siteContent.meta.donateDescription, path: '/donate' },
  myGiving: {
    title: `My giving | ${siteContent.trust.name}`,
    description: `Your gifts to ${siteContent.trust.name}, their receipts and yearly statements.`,
    path: null,
  },
  notFound: {
    title: `Page Not Found | ${siteContent.trust.name}`,
    description: siteContent.meta.description,
    path: null,
  },
} satisfies Record<string, PageMeta>;
