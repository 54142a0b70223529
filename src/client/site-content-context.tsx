import { createContext, useContext } from 'react';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../shared/page-render';
import type { PageContent } from '../shared/site-content';

/**
 * The site content a page shows: the published version the server rendered the page with (a React
 * page carries it as JSON, so hydration sees the same texts the HTML has), or the defaults of
 * shared/site-content.ts where no page data is (the router's app: hydrate.tsx). Always provided, so
 * a page's bundle never carries the defaults.
 */
const SiteContentContext = createContext<PageContent | null>(null);
export const SiteContentProvider = SiteContentContext.Provider;

export function useSiteContent(): PageContent {
  const content = useContext(SiteContentContext);
  if (!content) throw new Error('a component showing the site content is rendered outside a SiteContentProvider');
  return content;
}

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

/** The content this page was rendered with, if it embedded any. */
export const readPageContent = (): PageContent | undefined => readPageData()?.content;
