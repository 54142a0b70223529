import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** One fixed window of one limit (shared-counters.ts): how many were counted, until when. */
export const RateLimitCounter = defineEntity({
  name: 'RateLimitCounter',
  tableName: 'rate_limit_counters',
  properties: (p) => ({
    /** What is limited and for whom: `budget:client:203.0.113.7`, `rate:/trpc:…`. */
    key: p.text().primary(),
    windowEndsAt: p.datetime().columnType('timestamptz'),
    count: p.integer(),
    maxCount: p.integer(),
  }),
});

export type RateLimitCounter = InferEntity<typeof RateLimitCounter>;
