import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { eraseExpiredApplications } from '../../animals/applications/application-erasure';
import { audit } from '../../platform/audit/audit';
import type { Orm } from '../../platform/db/orm';
import { ERASED_EMAIL } from '../../platform/personal-data/erased';

/** pg_try_advisory_xact_lock key: one instance anonymises at a time (any fixed number unique to this job). */
const RETENTION_LOCK = 80_113;
export const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;
const SYSTEM = { userId: null, username: 'system', ip: '-' };

/**
 * Anonymises the receipts kept for erased donors once the tax law no longer requires them (eight
 * years after their financial year ends). Null when another instance holds the lock.
 */
export async function anonymiseExpiredReceipts(em: EntityManager, now: Date = new Date()): Promise<number | null> {
  return em.transactional(async (tx) => {
    // tx.execute runs inside this transaction (the connection's own execute would not), and
    // the lock (a transaction-level one) must be held until it commits.
    const [lock] = await tx.execute<{ locked: boolean }[]>('select pg_try_advisory_xact_lock(?) as locked', [
      RETENTION_LOCK,
    ]);
    if (!lock?.locked) return null;
    const due = await tx.execute<{ id: number; kept_receipt_ids: number[] }[]>(
      `select id, kept_receipt_ids from erasure_requests
        where status = 'completed' and receipts_anonymised_at is null and retained_until <= ? for update`,
      [now],
    );
    for (const request of due) {
      const ids = JSON.stringify(request.kept_receipt_ids);
      await tx.execute(
        `update receipts set donor_name = 'Erased donor', donor_email = ?, donor_address = null,
           donor_id_kind = null, donor_id_masked = null, donor_id_encrypted = null, tribute = null
         where id in (select value::int from jsonb_array_elements_text(?::jsonb))`,
        [ERASED_EMAIL, ids],
      );
      await tx.execute('update erasure_requests set receipts_anonymised_at = ? where id = ?', [now, request.id]);
      await audit(tx, SYSTEM, 'retention_anonymised', {
        requestId: request.id,
        receipts: request.kept_receipt_ids.length,
      });
    }
    return due.length;
  });
}

export interface RetentionJob {
  stop(): Promise<void>;
}

/**
 * Runs the retention pass once a day inside the server (and once at start): receipts past their
 * eight years, and declined and withdrawn applications past the admins' period
 * (animals/applications/application-erasure.ts); the locks keep each to one instance.
 */
export function startRetentionJob(
  { orm, log }: { orm: Orm; log: FastifyBaseLogger },
  everyMs = RETENTION_EVERY_MS,
): RetentionJob {
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    try {
      const done = await anonymiseExpiredReceipts(orm.em.fork());
      if (done) log.info({ requests: done }, 'anonymised receipts past their retention period');
    } catch (error) {
      log.error({ err: error }, 'retention pass failed');
    }
    try {
      const applications = await eraseExpiredApplications(orm.em.fork());
      if (applications) log.info({ applications }, 'erased declined and withdrawn applications past their period');
    } catch (error) {
      log.error({ err: error }, 'applications retention pass failed');
    }
  };
  running = running.then(pass);
  const timer = setInterval(() => {
    running = running.then(pass);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
