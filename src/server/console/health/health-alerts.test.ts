import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOfIndiaDay } from '../../../shared/india-time';
import { mailTo } from '../../test/mail-fixtures';
import { createTestApp, SITE, type TestApp } from '../../test/test-app';
import { alertHealthChanges } from './health-alerts';
import type { HealthEnvironment } from './health-context';

let t: TestApp;
let second: TestApp;
const FIRST = 'first-admin@example.org';
const SECOND = 'second-admin@example.org';
const STAFF = 'staff-member@example.org';
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  second = await createTestApp({}, { sameDatabaseAs: t });
  // One mail worker sends the shared outbox, so every message is read back from one mailbox.
  await second.jobs.stop();
  const em = t.db.orm.em.fork();
  for (const [username, role, email] of [
    ['first', 'admin', FIRST],
    ['second', 'admin', SECOND],
    ['member', 'staff', STAFF],
  ] as const) {
    const { id } = await t.addAccount(username, role);
    await em.execute('update users set email = ? where id = ?', [email, id]);
  }
  // A disabled admin is not mailed.
  const { id } = await t.addAccount('gone', 'admin');
  await em.execute(`update users set email = 'gone@example.org', disabled = true where id = ?`, [id]);
}, 60_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
});

/** SITE_URL on http makes the https item red; nothing else in the list depends on it. */
const onHttp = (app: TestApp): HealthEnvironment => ({ ...app.deps.health, siteUrl: 'http://rescue.example.org' });
const pass = (app: TestApp, environment: HealthEnvironment, now: Date) =>
  alertHealthChanges(app.db.orm.em.fork(), { environment, settings: app.deps.settings }, now);
const httpsMails = async (to: string) =>
  (await mailTo(t, to)).filter((mail) => mail.subject?.startsWith('Health: https'));

it('mails every enabled admin once when an item turns red, at most once a day, and once when it clears', async () => {
  // 01:00 in India today: every step below (up to 30 hours on) stays within the next India day, so
  // the "same day" mails are the same day whatever time the suite runs.
  const now = new Date(startOfIndiaDay(new Date()).getTime() + HOUR);
  const first = await pass(t, onHttp(t), now);
  expect(first.alerted).toContain('https');
  expect((await pass(t, onHttp(t), new Date(now.getTime() + HOUR))).alerted).not.toContain('https');

  const red = await httpsMails(FIRST);
  expect(red.map((mail) => mail.subject)).toEqual(['Health: https needs attention']);
  expect(red[0]?.text).toMatch(/SITE_URL is http:\/\/rescue\.example\.org/);
  expect(await httpsMails(SECOND)).toHaveLength(1);
  expect(await httpsMails(STAFF)).toHaveLength(0);
  expect(await mailTo(t, 'gone@example.org')).toHaveLength(0);

  // Still red a day later: one more reminder.
  const nextDay = new Date(now.getTime() + 25 * HOUR);
  expect((await pass(t, onHttp(t), nextDay)).alerted).toContain('https');
  expect((await pass(t, onHttp(t), new Date(nextDay.getTime() + HOUR))).alerted).not.toContain('https');
  expect(await httpsMails(FIRST)).toHaveLength(2);

  // Fixed: one "fine again" mail, not repeated.
  const fixed = new Date(nextDay.getTime() + 2 * HOUR);
  expect((await pass(t, t.deps.health, fixed)).cleared).toEqual(['https']);
  expect((await pass(t, t.deps.health, new Date(fixed.getTime() + HOUR))).cleared).toEqual([]);
  const mails = await httpsMails(FIRST);
  expect(mails.map((mail) => mail.subject)).toEqual([
    'Health: https needs attention',
    'Health: https needs attention',
    'Health: https is fine again',
  ]);
  expect(mails[2]?.html).toContain(`${SITE}/staff`);

  // Red again within a day of its last alert: kept as red, no mail; cleared again the same day: no second "fine" mail.
  await pass(t, onHttp(t), new Date(fixed.getTime() + 2 * HOUR));
  const [row] = await t.db.orm.em.fork().execute(`select state from health_alerts where item = 'https'`);
  expect(row).toEqual({ state: 'red' });
  await pass(t, t.deps.health, new Date(fixed.getTime() + 3 * HOUR));
  expect(await httpsMails(FIRST)).toHaveLength(3);
});

it('two instances passing at once send one mail per admin', async () => {
  await t.db.orm.em.fork().execute(`delete from health_alerts where item = 'https'`);
  const later = new Date(Date.now() + 5 * 24 * HOUR);
  const results = await Promise.all([pass(t, onHttp(t), later), pass(second, onHttp(second), later)]);
  expect(results.filter((result) => result.alerted.includes('https'))).toHaveLength(1);
  expect(await httpsMails(FIRST)).toHaveLength(4);
  expect(await httpsMails(SECOND)).toHaveLength(4);
});
