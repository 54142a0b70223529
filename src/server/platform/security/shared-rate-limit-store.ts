import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { CounterStore } from './counter-keys';
import { countHit } from './shared-counters';

/**
 * @fastify/rate-limit's store, counting in PostgreSQL (shared-counters.ts) instead of each
 * instance's memory: every instance on the database counts the same requests. Each route (or
 * `app.rateLimit()` hook) gets its own key space through `child`.
 */
export function sharedRateLimitStore(counters: CounterStore, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly space: string;

    constructor(options: { routeInfo?: { method?: string | string[]; url?: string } } = {}) {
      const route = options.routeInfo;
      this.space = route?.url ? `${String(route.method)} ${route.url}` : 'hook';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      countHit(counters, { key: `rate:${this.space}:${key}`, max, windowMs: timeWindow }, now()).then(
        ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new SharedRateLimitStore(routeOptions as { routeInfo?: { method?: string; url?: string } });
    }
  }
  return SharedRateLimitStore;
}
