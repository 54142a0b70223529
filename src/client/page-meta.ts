import { siteContent } from '../shared/site-content';

/** What each prerendered page puts in its <head>; the browser keeps document.title in step. */
export interface PageMeta {
  title: string;
  description: string;
  /** Canonical path, or null for the 404 page, which has no canonical address. */
  path: string | null;
}

export const PAGE_META = {
  home: { title: siteContent.meta.homeTitle, description: siteContent.meta.description, path: '/' },
  donate: { title: siteContent.meta.donateTitle, description: siteContent.meta.donateDescription, path: '/donate' },
  notFound: {
    title: `Page Not Found | ${siteContent.trust.name}`,
    description: siteContent.meta.description,
    path: null,
  },
} satisfies Record<string, PageMeta>;
