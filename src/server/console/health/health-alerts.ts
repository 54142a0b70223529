import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { HEALTH_FIX_PAGES, type HealthItem } from '../../../shared/health';
import { indiaDate } from '../../../shared/india-time';
import type { Orm } from '../../platform/db/orm';
import { renderMail } from '../../platform/mail/layout';
import { enqueueMail } from '../../platform/mail/outbox';
import type { HealthCheckContext } from './health-context';
import { healthList } from './health-list';

/** How often the health list is checked for items turning red or clearing. */
export const HEALTH_ALERTS_EVERY_MS = 5 * 60 * 1000;

type AlertDeps = Pick<HealthCheckContext, 'environment' | 'settings'>;

const dayOf = (now: Date) => {
  const { year, month, day } = indiaDate(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** Whether any enabled admin has an e-mail address: until one does, a pass alerts no one and records nothing. */
async function anyoneToMail(em: EntityManager): Promise<boolean> {
  const rows = await em.execute(
    `select 1 from users where role = 'admin' and not disabled and email is not null limit 1`,
  );
  return rows.length > 0;
}

/**
 * Who gets the mail: for a red item every enabled admin with an e-mail address; for "fine again"
 * only those of them who were mailed that it turned red (its red mail is in the outbox, keyed
 * `health-<item>-red-<day>-<admin>`), so no one is told of a fix to an alarm they never had.
 */
async function recipients(tx: EntityManager, item: HealthItem, transition: 'red' | 'cleared') {
  const admins = `select id, email from users where role = 'admin' and not disabled and email is not null`;
  if (transition === 'red') return tx.execute<{ id: number; email: string }[]>(`${admins} order by id`);
  return tx.execute<{ id: number; email: string }[]>(
    `select id, email from (${admins}) as admin
      where exists (select 1 from mail_outbox where kind = 'health-alert'
        and message_id like 'health-' || ? || '-red-%-' || admin.id)
      order by id`,
    [item.id],
  );
}

/** A red item's mail, or its "cleared" mail (recipients above); how many were queued. */
async function mailAdmins(
  tx: EntityManager,
  item: HealthItem,
  transition: 'red' | 'cleared',
  now: Date,
  siteUrl: string,
): Promise<number> {
  const admins = await recipients(tx, item, transition);
  const subject =
    transition === 'red' ? `Health: ${item.title} needs attention` : `Health: ${item.title} is fine again`;
  const fix = item.fix ? HEALTH_FIX_PAGES[item.fix] : null;
  const { text, html } = renderMail([
    {
      p:
        transition === 'red'
          ? `${item.title} turned red on the console's health list. ${item.message}`
          : `${item.title} is no longer red on the console's health list: ${item.message}`,
    },
    fix
      ? { link: `Open ${fix.label}`, href: `${siteUrl}${fix.path}` }
      : { link: 'Open the console', href: `${siteUrl}/staff` },
    { small: 'Admins get at most one such mail a day per item, and one when it clears.' },
  ]);
  let queued = 0;
  for (const admin of admins) {
    queued += 1;
    await enqueueMail(tx, {
      eventKey: `health-${item.id}-${transition}-${dayOf(now)}-${admin.id}`,
      kind: 'health-alert',
      to: admin.email,
      subject,
      text,
      html,
    });
  }
  return queued;
}

/**
 * One pass: each item's state kept in health_alerts, and the admins mailed when an item turns red
 * (again at most a day after its last alert, while it stays red) and when it clears. The state
 * change and its mails are one transaction; the change is one conditional statement, so of two
 * instances passing at once only one finds a change to make, and only it mails. While no enabled
 * admin has an e-mail address (a new server, before its first admin), a pass does nothing at all:
 * nothing is marked as alerted that no one was told, and the first pass after an admin gives an
 * address mails every item then red. A red alert queued to no one is rolled back, not recorded.
 */
export async function alertHealthChanges(
  em: EntityManager,
  deps: AlertDeps,
  now: Date = new Date(),
): Promise<{ alerted: string[]; cleared: string[] }> {
  const alerted: string[] = [];
  const cleared: string[] = [];
  if (!(await anyoneToMail(em))) return { alerted, cleared };
  const items = await healthList({ em, ...deps, now });
  for (const item of items) {
    await em
      .transactional(async (tx) => {
        if (item.state === 'red') {
          const due = await tx.execute(
            `insert into health_alerts (item, state, red_alerted_at, changed_at) values (?, 'red', ?, ?)
           on conflict (item) do update set state = 'red', red_alerted_at = excluded.red_alerted_at,
             changed_at = case when health_alerts.state = 'red' then health_alerts.changed_at else excluded.changed_at end
           where health_alerts.red_alerted_at is null
             or health_alerts.red_alerted_at <= excluded.red_alerted_at - interval '1 day'
           returning item`,
            [item.id, now, now],
          );
          if (due.length > 0) {
            // The admin with the address may have gone since the pass began: then record nothing.
            if ((await mailAdmins(tx, item, 'red', now, deps.environment.siteUrl)) === 0) throw new NoOneToMail();
            alerted.push(item.id);
          } else {
            // Red again within a day of its last alert: kept, not mailed.
            await tx.execute(
              `update health_alerts set state = 'red', changed_at = ? where item = ? and state <> 'red'`,
              [now, item.id],
            );
          }
          return;
        }
        const wasRed = await tx.execute(
          `update health_alerts set state = ?, changed_at = ? where item = ? and state = 'red' returning item`,
          [item.state, now, item.id],
        );
        if (wasRed.length > 0) {
          if ((await mailAdmins(tx, item, 'cleared', now, deps.environment.siteUrl)) > 0) cleared.push(item.id);
        } else {
          await tx.execute(
            `insert into health_alerts (item, state, changed_at) values (?, ?, ?)
           on conflict (item) do update set state = excluded.state, changed_at = excluded.changed_at
           where health_alerts.state <> excluded.state`,
            [item.id, item.state, now],
          );
        }
      })
      .catch((error: unknown) => {
        if (!(error instanceof NoOneToMail)) throw error;
      });
  }
  return { alerted, cleared };
}

/** Rolls an item's red alert back when it was queued to no one. */
class NoOneToMail extends Error {}

/** The background loop (wiring/background-jobs.ts): a pass every few minutes. */
export function startHealthAlerts(
  { orm, log, ...deps }: AlertDeps & { orm: Orm; log: FastifyBaseLogger },
  everyMs = HEALTH_ALERTS_EVERY_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    try {
      const { alerted, cleared } = await alertHealthChanges(orm.em.fork(), deps);
      if (alerted.length || cleared.length) log.info({ alerted, cleared }, 'health alerts queued');
    } catch (error) {
      log.error({ err: error }, 'health alert pass failed');
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
