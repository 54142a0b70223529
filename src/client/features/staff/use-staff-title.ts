import { useEffect } from 'react';

/** The tab says which console page it is. */
export function useStaffTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} · Staff console`;
  }, [page]);
}
