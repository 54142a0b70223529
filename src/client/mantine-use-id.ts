import { useId as useReactId } from 'react';

/**
 * Takes the place of @mantine/hooks' `useId` in the client build (vite.config.ts swaps the module).
 *
 * Mantine's starts from React's id, as here, but then replaces it with a random one in a layout
 * effect. So every input, select, radio and checkbox of a hydrated page renders a second time,
 * synchronously, in the same task as hydration's commit. On /donate that was one long task: about
 * 25 ms here, and 100 ms on a slow phone, in which a tap waits.
 *
 * React's id is already unique within the page's root and the same on the server and in the
 * browser. Keeping it changes nothing the page shows, and the prerendered ids stay as they are.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
