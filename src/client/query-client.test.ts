import { expect, it } from 'vitest';
import { createQueryClient } from './query-client';

it('fetches as SPEC section 9 sets it: no retries, never stale, no refetch on focus, no polling, 5 minutes’ cache', () => {
  const { queries, mutations } = createQueryClient().getDefaultOptions();
  expect(queries).toMatchObject({
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    gcTime: 300_000,
  });
  expect(mutations).toMatchObject({ retry: false });
});
