import { useEffect } from 'react';
import type { PageMeta } from './page-meta';

/** Keeps the tab title right after client-side navigation (prerendered pages already have it). */
export function usePageTitle(meta: PageMeta): void {
  useEffect(() => {
    document.title = meta.title;
  }, [meta.title]);
}
