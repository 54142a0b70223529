import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { AppealUpdateTranslations } from '../../../shared/appeals.schema';
import { Subscription } from '../../gifts/donations/subscription.entity';
import { Animal } from '../records/animal.entity';

/** What staff posted to an animal's sponsors (Migration20261129128000); the newest is when they last heard. */
export const SponsorUpdate = defineEntity({
  name: 'SponsorUpdate',
  tableName: 'sponsor_updates',
  indexes: [
    {
      name: 'sponsor_updates_animal_index',
      expression: 'create index "sponsor_updates_animal_index" on "sponsor_updates" ("animal_id", "posted_at" desc)',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    animal: p.manyToOne(Animal).fieldName('animal_id').deleteRule('cascade'),
    text: p.text(),
    /** The text in Tamil and Hindi (`{ hi: { text } }`); what is missing is sent in English. */
    translations: p.json<AppealUpdateTranslations>().columnType('jsonb').defaultRaw(`'{}'`),
    photoImageId: p.integer().nullable(),
    mailedCount: p.integer().default(0),
    postedBy: p.text(),
    postedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type SponsorUpdate = InferEntity<typeof SponsorUpdate>;

/** A sponsor who stopped an animal's updates, by a keyed hash of the e-mail (never the address). */
export const SponsorUnsubscribe = defineEntity({
  name: 'SponsorUnsubscribe',
  tableName: 'sponsor_update_unsubscribes',
  uniques: [{ name: 'sponsor_update_unsubscribes_unique', properties: ['emailHash', 'animal'] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    emailHash: p.text(),
    animal: p.manyToOne(Animal).fieldName('animal_id').deleteRule('cascade'),
    unsubscribedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type SponsorUnsubscribe = InferEntity<typeof SponsorUnsubscribe>;

/**
 * A pause or resume owed at Razorpay for a sponsor's monthly gift (sponsor-gateway-tasks.ts): written
 * in the transaction that owes it, made after it commits, retried until Razorpay answers.
 */
export const SponsorGatewayTask = defineEntity({
  name: 'SponsorGatewayTask',
  tableName: 'sponsor_gateway_tasks',
  uniques: [
    {
      name: 'sponsor_gateway_tasks_due_unique',
      expression:
        'create unique index "sponsor_gateway_tasks_due_unique" on "sponsor_gateway_tasks" ("subscription_id") where "status" = \'due\'',
    },
  ],
  indexes: [
    {
      name: 'sponsor_gateway_tasks_next_index',
      expression:
        'create index "sponsor_gateway_tasks_next_index" on "sponsor_gateway_tasks" ("next_at") where "status" = \'due\'',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    subscription: p.manyToOne(Subscription).fieldName('subscription_id').deleteRule('cascade'),
    action: p.enum(['pause', 'resume'] as const),
    status: p.enum(['due', 'done', 'dropped'] as const).default('due'),
    attempts: p.integer().default(0),
    nextAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    lastError: p.text().nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    doneAt: p.datetime().columnType('timestamptz').nullable(),
  }),
});
export type SponsorGatewayTask = InferEntity<typeof SponsorGatewayTask>;

export const SPONSOR_ENTITIES = [SponsorUpdate, SponsorUnsubscribe, SponsorGatewayTask];
