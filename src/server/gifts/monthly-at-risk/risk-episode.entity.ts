import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { Subscription } from '../donations/subscription.entity';

/** The Razorpay statuses that put a monthly gift at risk: a charge failed (retrying), or the retries ran out. */
export const AT_RISK_STATUSES = ['pending', 'halted'] as const;
export type AtRiskStatus = (typeof AT_RISK_STATUSES)[number];

/**
 * One episode of a monthly gift at risk (Migration20261128040000), read and written with SQL by
 * risk-episodes.ts; mapped here so the schema and the migrations agree. Open (`ended_at` null)
 * until the gift is active again or ends; at most one open per subscription.
 */
export const RiskEpisode = defineEntity({
  name: 'RiskEpisode',
  tableName: 'monthly_risk_episodes',
  uniques: [
    {
      name: 'monthly_risk_episodes_open_unique',
      expression:
        'create unique index "monthly_risk_episodes_open_unique" on "monthly_risk_episodes" ("subscription_id") where "ended_at" is null',
    },
  ],
  indexes: [
    {
      name: 'monthly_risk_episodes_open_started_index',
      expression:
        'create index "monthly_risk_episodes_open_started_index" on "monthly_risk_episodes" ("started_at") where "ended_at" is null',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    subscription: p.manyToOne(Subscription).fieldName('subscription_id').deleteRule('cascade'),
    status: p.enum([...AT_RISK_STATUSES]),
    startedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    statusChangedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    endedAt: p.datetime().columnType('timestamptz').nullable(),
    mailResends: p.integer().default(0),
  }),
});
export type RiskEpisode = InferEntity<typeof RiskEpisode>;
