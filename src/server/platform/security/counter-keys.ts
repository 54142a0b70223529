import { createHmac, hkdfSync } from 'node:crypto';
import type { Knex } from '@mikro-orm/knex';

/**
 * Where the limit counters live and how their keys are written: a keyed hash (HMAC-SHA256) of the
 * limit's key, never the key itself, so `rate_limit_counters` (and a backup taken meanwhile) holds
 * no e-mail or client address. The hash key is derived from DATA_ENCRYPTION_KEY, as the donor
 * links' and the unsubscribe tokens' are; the hash is computed here in Node, so each check stays
 * one statement.
 */
export interface CounterStore {
  knex: Knex;
  /** The key as stored: `budget:email:asha@example.com` ─▶ 43 characters of base64url. */
  storedKey(key: string): string;
}

export function counterStore(knex: Knex, personalDataKey: Buffer): CounterStore {
  const hashKey = Buffer.from(hkdfSync('sha256', personalDataKey, '', 'rate-limit-counter-key', 32));
  return { knex, storedKey: (key) => createHmac('sha256', hashKey).update(key).digest('base64url') };
}
