import type { EntityManager } from '@mikro-orm/postgresql';
import type { OutboxListInput } from '../../../shared/receipts.schema';
import { isoTime } from '../db/sql-time';

export interface OutboxRow {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  /** queued, sent, or failed (retrying gave up). */
  status: string;
  attempts: number;
  /** Why the last attempt failed: the SMTP answer or the network error. */
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
}

/** The outbox for the staff, newest first: what waits, what went, and why something did not. */
export async function listOutbox({ em, input }: { em: EntityManager; input: OutboxListInput }) {
  const status = input.status ?? null;
  const rows = await em.execute<OutboxRow[]>(
    `select id, kind, recipient, subject, status, attempts, last_error as "lastError",
            ${isoTime('created_at')} as "createdAt", ${isoTime('next_attempt_at')} as "nextAttemptAt",
            ${isoTime('sent_at')} as "sentAt"
       from mail_outbox where (?::text is null or status = ?)
      order by created_at desc, id desc limit ? offset ?`,
    [status, status, input.pageSize, (input.page - 1) * input.pageSize],
  );
  const [count] = await em.execute<{ total: string }[]>(
    'select count(*) as total from mail_outbox where (?::text is null or status = ?)',
    [status, status],
  );
  return { rows, total: Number(count?.total ?? 0), page: input.page, pageSize: input.pageSize };
}
