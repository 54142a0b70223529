import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailTo } from '../../test/mail-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { alertHealthChanges } from './health-alerts';
import type { HealthEnvironment } from './health-context';

/**
 * Alerts reach someone or are not recorded (issue 40): a new server's first passes, before any
 * admin has an e-mail address, mark nothing as alerted; "fine again" goes only to whom the alarm went.
 */
let t: TestApp;
const HOUR = 3600_000;
const FIRST = 'first-alerted@example.org';
const LATER = 'later-admin@example.org';

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const sql = (text: string, params: unknown[] = []) => t.db.orm.em.fork().execute(text, params);
const onHttp = (): HealthEnvironment => ({ ...t.deps.health, siteUrl: 'http://rescue.example.org' });
const pass = (environment: HealthEnvironment, now: Date) =>
  alertHealthChanges(t.db.orm.em.fork(), { environment, settings: t.deps.settings }, now);
const healthSubjects = async (to: string) =>
  (await mailTo(t, to)).map((mail) => mail.subject).filter((subject) => subject?.startsWith('Health: https'));

it('records nothing while no admin has an e-mail address, then mails the red items to the first one who has', async () => {
  const start = new Date();
  // A fresh server: no admin at all, then one without an address.
  expect(await pass(onHttp(), start)).toEqual({ alerted: [], cleared: [] });
  const { id } = await t.addAccount('first', 'admin');
  expect(await pass(onHttp(), new Date(start.getTime() + HOUR))).toEqual({ alerted: [], cleared: [] });
  expect(await sql('select item from health_alerts')).toEqual([]);
  expect(await sql(`select id from mail_outbox where kind = 'health-alert'`)).toEqual([]);

  // The address given (at setup, or later): the next pass tells them at once, not a day later.
  await sql('update users set email = ? where id = ?', [FIRST, id]);
  const told = await pass(onHttp(), new Date(start.getTime() + 2 * HOUR));
  expect(told.alerted).toContain('https');
  expect(await healthSubjects(FIRST)).toEqual(['Health: https needs attention']);
});

it('sends "fine again" only to the admins who were told it turned red', async () => {
  const start = new Date(Date.now() + 3 * HOUR);
  const { id } = await t.addAccount('later', 'admin');
  await sql('update users set email = ? where id = ?', [LATER, id]);
  // Still red within the day: no new alarm, so the later admin has none.
  expect((await pass(onHttp(), start)).alerted).not.toContain('https');
  expect((await pass(t.deps.health, new Date(start.getTime() + HOUR))).cleared).toEqual(['https']);
  expect(await healthSubjects(FIRST)).toEqual(['Health: https needs attention', 'Health: https is fine again']);
  expect(await healthSubjects(LATER)).toEqual([]);
});

it('sends no "fine again" for an item marked red by an earlier version that told no one', async () => {
  // As the old first pass left it: red, "alerted", and no mail queued.
  await sql(
    `insert into health_alerts (item, state, red_alerted_at, changed_at) values ('encryption-key', 'red', now(), now())
     on conflict (item) do update set state = 'red', red_alerted_at = now()`,
  );
  const result = await pass(t.deps.health, new Date(Date.now() + 5 * HOUR));
  expect(result.cleared).not.toContain('encryption-key');
  const [row] = await sql(`select state from health_alerts where item = 'encryption-key'`);
  expect(row).toEqual({ state: 'green' });
  const fine = (await mailTo(t, FIRST)).filter((mail) => mail.subject?.startsWith('Health: Encryption key'));
  expect(fine).toEqual([]);
});
