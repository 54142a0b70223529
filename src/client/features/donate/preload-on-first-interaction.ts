import { useEffect } from 'react';

/**
 * Starts `loads` (chunks the page needs only once the donor acts: toasts, validation) as soon as
 * the donor starts on the page, by focus, tap or click, so they are there by the time they are
 * used, without weighing on the page's first load. `loads` is a module constant: set up once.
 */
export function usePreloadOnFirstInteraction(loads: ReadonlyArray<() => Promise<unknown>>): void {
  useEffect(() => {
    const preload = () => {
      document.removeEventListener('focusin', preload);
      document.removeEventListener('pointerdown', preload);
      // A failed fetch is tried again by whoever needs the chunk.
      for (const load of loads) load().catch(() => undefined);
    };
    document.addEventListener('focusin', preload);
    document.addEventListener('pointerdown', preload);
    return () => {
      document.removeEventListener('focusin', preload);
      document.removeEventListener('pointerdown', preload);
    };
  }, [loads]);
}
