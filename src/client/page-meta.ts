import type { PageMeta } from '../shared/page-render';
import type { PageContent } from '../shared/site-content';
import { useSiteContent } from './site-content-context';

export type { PageMeta } from '../shared/page-render';

/** The pages that have a title and link preview of their own. */
export type PageMetaName = 'home' | 'donate' | 'myGiving' | 'notFound';

/** What each page puts in its <head>, from the content it is rendered with. */
export function pageMetaOf(content: PageContent): Record<PageMetaName, PageMeta> {
  const { trust, meta } = content;
  return {
    home: { title: meta.homeTitle, description: meta.description, path: '/' },
    donate: { title: meta.donateTitle, description: meta.donateDescription, path: '/donate' },
    myGiving: {
      title: `My giving | ${trust.name}`,
      description: `Your gifts to ${trust.name}, their receipts and yearly statements.`,
      path: null,
    },
    notFound: { title: `Page Not Found | ${trust.name}`, description: meta.description, path: null },
  };
}

/** The page's title and description in the content the page shows. */
export function usePageMeta(name: PageMetaName): PageMeta {
  return pageMetaOf(useSiteContent())[name];
}
