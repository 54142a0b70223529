import { createContext, useContext } from 'react';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../shared/page-render';
import { type PageContent, pageContentOf, siteContent } from '../shared/site-content';

/**
 * The site content a page shows: the published version the server rendered the page with (a React
 * page carries it as JSON, so hydration sees the same texts the HTML has), or the defaults of
 * shared/site-content.ts where no page data is (the dev server, the staff console's shell).
 */
const SiteContentContext = createContext<PageContent>(pageContentOf(siteContent));
export const SiteContentProvider = SiteContentContext.Provider;

export const useSiteContent = () => useContext(SiteContentContext);

/** In the browser: the data the server rendered this page with, if it embedded any. */
export function readPageData(): PageData | undefined {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as PageData;
  } catch {
    return undefined;
  }
}

/** The content to show in the browser: this page's, else the defaults. */
export const readPageContent = (): PageContent => readPageData()?.content ?? pageContentOf(siteContent);
