import type { Knex } from '@mikro-orm/knex';
import { batchPerTurn } from '../../../platform/db/batch-per-turn';
import { placeholders } from '../../../platform/db/placeholders';
import { pooledQuery } from '../../../platform/db/pooled-query';
import type { Entity } from './entities';

/**
 * What the emulated Razorpay has made, kept in PostgreSQL so it outlives a restart of the app as
 * Razorpay's own records do. The sandbox owns its schema and creates it at start: it is no part
 * of the app's migrations, because in razorpay mode it does not exist. One table of entities as
 * Razorpay shows them (jsonb), keyed by their ids; `seq` keeps the order they were made in.
 */
const SCHEMA = 'razorpay_sandbox';
/** pg_advisory_xact_lock key: instances starting together create the schema one at a time. */
const SCHEMA_LOCK_KEY = 727_100;

type Kind = Entity['entity'];
type EntityOf<K extends Kind> = Extract<Entity, { entity: K }>;

export interface SandboxTransaction {
  /** The entity of that kind and id; `lock` holds it until the transaction ends (no double payment). */
  find<K extends Kind>(kind: K, id: string, lock?: 'lock'): Promise<EntityOf<K> | undefined>;
  /** Entities of a kind, oldest first; only those whose `field` is `value` when given. */
  list<K extends Kind>(
    kind: K,
    where?: { field: 'order_id' | 'subscription_id'; value: string },
  ): Promise<EntityOf<K>[]>;
  /** Inserts the entity or replaces the stored one with the same id. */
  save(entity: Entity): Promise<void>;
  /** Waits for, then holds until the transaction ends, the lock with this key (one settling pass at a time). */
  lock(key: number): Promise<void>;
}

export interface SandboxStore {
  transaction<T>(work: (tx: SandboxTransaction) => Promise<T>): Promise<T>;
  /** Saves one entity outside any transaction (no BEGIN and COMMIT round trips), batched with others (batchedSave). */
  save(entity: Entity): Promise<void>;
}

/** Inserts or replaces entities: `rows` as knex (`(?, ?, ?::jsonb)`) or node-postgres (`($1, $2, $3::jsonb), …`) write them. */
const saveSql = (rows: string) =>
  `insert into ${SCHEMA}.entities (id, kind, body) values ${rows}
   on conflict (id) do update set body = excluded.body`;
const SAVE_IN_TRANSACTION = saveSql('(?, ?, ?::jsonb)');
/** An entity is saved with three parameters: its id, its kind and its body. */
const SAVE_PARAMETERS = 3;
const saveManySql = (count: number) => saveSql(placeholders(count, SAVE_PARAMETERS, ['', '', '::jsonb']));

const saveValues = (entity: Entity) => [entity.id, entity.entity, JSON.stringify(entity)];

export async function openSandboxStore(knex: Knex): Promise<SandboxStore> {
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [SCHEMA_LOCK_KEY]);
    await trx.raw(`create schema if not exists ${SCHEMA}`);
    await trx.raw(`create table if not exists ${SCHEMA}.entities (
      id text primary key, kind text not null, body jsonb not null, seq bigserial not null)`);
    await trx.raw(`create index if not exists entities_order_id on ${SCHEMA}.entities (kind, (body->>'order_id'))`);
    await trx.raw(
      `create index if not exists entities_subscription_id on ${SCHEMA}.entities (kind, (body->>'subscription_id'))`,
    );
  });

  const over = (trx: Knex.Transaction): SandboxTransaction => ({
    async find(kind, id, lock) {
      const sql = `select body from ${SCHEMA}.entities where id = ? and kind = ?${lock ? ' for update' : ''}`;
      return (await trx.raw(sql, [id, kind])).rows[0]?.body;
    },
    async list(kind, where) {
      const filter = where ? ` and body->>'${where.field}' = ?` : '';
      const sql = `select body from ${SCHEMA}.entities where kind = ?${filter} order by seq`;
      const rows = (await trx.raw(sql, where ? [kind, where.value] : [kind])).rows as Array<{ body: never }>;
      return rows.map((row) => row.body);
    },
    async save(entity) {
      await trx.raw(SAVE_IN_TRANSACTION, saveValues(entity));
    },
    async lock(key) {
      await trx.raw('select pg_advisory_xact_lock(?)', [key]);
    },
  });

  return {
    transaction: (work) => knex.transaction((trx) => work(over(trx))),
    save: batchedSave(knex),
  };
}

/**
 * Entities saved in the same turn of the event loop (the orders of donors starting together) go to
 * PostgreSQL in one statement (platform/db/batch-per-turn.ts). A statement cannot write a row twice, so of an
 * id saved twice in one batch the later save is written, as one statement after the other would
 * keep it (the app's outside-a-transaction saves are new orders and plans, so in practice ids differ).
 */
function batchedSave(knex: Knex): SandboxStore['save'] {
  return batchPerTurn(
    async (entities: Entity[]) => {
      const latest = [...new Map(entities.map((entity) => [entity.id, entity])).values()];
      await pooledQuery(knex, saveManySql(latest.length), latest.flatMap(saveValues));
      return entities.map(() => undefined);
    },
    { parametersPerCall: SAVE_PARAMETERS },
  );
}
