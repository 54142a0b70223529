import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/staff/sessions';
import { callProcedure, createTestApp, PASSWORD, SITE, type TestApp } from '../../test/test-app';
import { SETUP_TRIES } from '../../transports/routes/staff-setup';
import { issueSetupLink } from './setup-link';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Each test starts with no admin again (sessions, devices go with the accounts).
afterEach(async () => {
  await sql('delete from users');
});

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.orm.em.fork().execute<T[]>(text, params);
/** The plain line a start prints: the link last, so "from https:// to the end of the line" is the link. */
const LINE = /^setup link \(create the first admin; works once, for 24 hours\): (https:\/\/\S+)$/;

/** The setup links a start printed on their own lines (link, token). */
function printedLinks(printed: string[]) {
  return printed.flatMap((line) => {
    const link = LINE.exec(line)?.[1];
    return link ? [{ link, token: new URL(link).searchParams.get('token') ?? '' }] : [];
  });
}

/** The JSON log's lines that say a link was printed, with their level. */
const announcements = (logs: string[]) =>
  logs
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.msg?.startsWith('No admin yet'));

/** A new link, as a start would make it; its token. */
async function newToken(): Promise<string> {
  const link = await issueSetupLink(t.db.orm.em.fork(), SITE);
  return new URL(link ?? '').searchParams.get('token') ?? '';
}

/** Every test its own client address, so the per-address limit of one does not touch another. */
let addresses = 0;
const newAddress = () => `10.9.0.${++addresses}`;

function setUp(token: string, from: string, fields: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/staff/api/setup',
    headers: { origin: SITE },
    remoteAddress: from,
    payload: {
      token,
      username: 'trustee',
      displayName: 'Lakshmi Raman',
      email: 'Lakshmi@Trust.example.org',
      password: PASSWORD,
      ...fields,
    },
  });
}

function check(token: string, from: string) {
  return t.app.inject({
    method: 'POST',
    url: '/staff/api/setup/check',
    headers: { origin: SITE },
    remoteAddress: from,
    payload: { token },
  });
}

const admins = async () =>
  (await sql<{ n: number }>(`select count(*)::int as n from users where role = 'admin'`))[0]?.n ?? 0;

describe('a start', () => {
  it('with no admin prints one setup link on a plain line of its own, says so in the log at warn; only its hash is stored; a start with an admin prints none', async () => {
    await t.app.ready();
    expect(t.printed).toHaveLength(1);
    const [printed, ...more] = printedLinks(t.printed);
    expect(more).toEqual([]);
    expect(printed?.link).toMatch(new RegExp(`^${SITE}/staff/setup\\?token=[A-Za-z0-9_-]{43}$`));
    // The JSON log stays JSON and keeps no link: it says where the link is, at warn.
    const [said] = announcements(t.logs);
    expect(said?.level).toBe(40);
    expect(said?.msg).toMatch(/"setup link"/);
    expect(t.logs.join('\n')).not.toContain(printed?.token);
    const stored = await sql<{ token_hash: string }>('select token_hash from staff_setup_tokens');
    expect(stored.map((row) => row.token_hash)).toEqual([hashToken(printed?.token ?? '')]);
    expect((await check(printed?.token ?? '', newAddress())).json()).toEqual({ ready: true });

    await t.addAccount('existing', 'admin');
    const second = await createTestApp({}, { sameDatabaseAs: t });
    try {
      await second.app.ready();
      expect(second.printed).toEqual([]);
      expect(announcements(second.logs)).toEqual([]);
      expect(await sql('select id from staff_setup_tokens')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('with still no admin prints a new link; it kills links of earlier starts, not of one a moment ago', async () => {
    const older = await newToken();
    const recent = await newToken();
    await sql(`update staff_setup_tokens set created_at = now() - interval '2 minutes' where token_hash = ?`, [
      hashToken(older),
    ]);
    const restarted = await createTestApp({}, { sameDatabaseAs: t });
    try {
      await restarted.app.ready();
      const [printed] = printedLinks(restarted.printed);
      const from = newAddress();
      expect((await check(printed?.token ?? '', from)).statusCode).toBe(200);
      expect((await check(recent, from)).statusCode).toBe(200);
      const dead = await check(older, from);
      expect(dead.statusCode).toBe(410);
      // Not "expired" in general: the page says plainly that a newer link exists.
      expect(dead.json()).toEqual({
        reason: 'replaced',
        message:
          'A newer link was printed when the server restarted; use the newest one (the last "setup link" line in the server\'s output).',
      });
      expect((await setUp(older, from)).json()).toMatchObject({ reason: 'replaced' });
      expect(await admins()).toBe(0);
    } finally {
      await restarted.close();
    }
  });
});

describe('the setup link', () => {
  it('creates the first admin, audited, and signs them in: the cookie opens an admin procedure', async () => {
    const token = await newToken();
    const response = await setUp(token, newAddress());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      staff: { username: 'trustee', displayName: 'Lakshmi Raman', role: 'admin' },
    });
    const session = response.cookies.find((cookie) => cookie.name === 'staff_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true });
    const accounts = await callProcedure(t.app, 'staff.accounts.list', 'query', { token: session?.value });
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json().result.data).toMatchObject([{ username: 'trustee', role: 'admin', disabled: false }]);
    const [entry] = await sql<{ action: string; username: string }>(
      `select action, username from staff_audit where action = 'first_admin_created'`,
    );
    expect(entry).toEqual({ action: 'first_admin_created', username: 'trustee' });
    // The password signs in like any other account's.
    expect(await t.signIn('trustee')).toBeTruthy();
  });

  it('is refused once used (410): setup done while an admin exists, used when none is enabled', async () => {
    const token = await newToken();
    const from = newAddress();
    expect((await setUp(token, from)).statusCode).toBe(200);
    const again = await setUp(token, from, { username: 'second' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ reason: 'done', message: expect.stringMatching(/Setup is done/) });
    expect((await check(token, from)).json()).toMatchObject({ reason: 'done' });

    await sql(`update users set disabled = true`);
    const reused = await setUp(token, from, { username: 'second' });
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toMatchObject({ reason: 'used', message: 'This setup link was already used.' });
    expect(await sql(`select 1 from users where username = 'second'`)).toEqual([]);
  });

  it('is refused after 24 hours (410), and creates no one', async () => {
    const token = await newToken();
    const [row] = await sql<{ hours: number }>(
      `select round(extract(epoch from expires_at - created_at) / 3600)::int as hours from staff_setup_tokens where token_hash = ?`,
      [hashToken(token)],
    );
    expect(row?.hours).toBe(24);
    await sql(
      `update staff_setup_tokens set created_at = created_at - interval '24 hours 1 second',
         expires_at = expires_at - interval '24 hours 1 second' where token_hash = ?`,
      [hashToken(token)],
    );
    const response = await setUp(token, newAddress());
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ reason: 'expired', message: expect.stringMatching(/24 hours/) });
    expect(await admins()).toBe(0);
  });

  it('works copied with the end of a JSON log line, a full stop or spaces after it', async () => {
    const token = await newToken();
    const from = newAddress();
    for (const pasted of [`${token}"}`, `${token}".`, `${token}.`, ` ${token} \n`, `${token}'}`, `${token}\t"},`]) {
      expect((await check(pasted, from)).json()).toEqual({ ready: true });
    }
    const response = await setUp(`${token}"}`, from);
    expect(response.statusCode).toBe(200);
    expect(await admins()).toBe(1);
  });

  it('asks the first admin for an e-mail address (400 without one, or with a wrong one), stored for alerts', async () => {
    const token = await newToken();
    const from = newAddress();
    for (const email of ['', '   ', 'not-an-address']) {
      const refused = await setUp(token, from, { email });
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toEqual(['email']);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/staff/api/setup',
      headers: { origin: SITE },
      remoteAddress: from,
      payload: { token, username: 'trustee', displayName: 'Lakshmi', password: PASSWORD },
    });
    expect(missing.statusCode).toBe(400);
    expect(await admins()).toBe(0);
    expect((await setUp(token, from)).statusCode).toBe(200);
    const [admin] = await sql<{ email: string }>(`select email from users where username = 'trustee'`);
    expect(admin?.email).toBe('lakshmi@trust.example.org');
  });

  it('refuses a guessed token (403), and creates no one', async () => {
    await newToken();
    const response = await setUp('A'.repeat(43), newAddress());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ reason: 'unknown', message: expect.stringMatching(/not valid/) });
    expect(await admins()).toBe(0);
  });

  it(`allows ${SETUP_TRIES.max} tries per client address in 15 minutes, then answers 429 even to the right link`, async () => {
    const token = await newToken();
    const guesser = newAddress();
    for (let attempt = 0; attempt < SETUP_TRIES.max; attempt++) {
      const guess = attempt % 2 ? setUp(`guess${attempt}`, guesser) : check(`guess${attempt}`, guesser);
      expect((await guess).statusCode).toBe(403);
    }
    const limited = await setUp(token, guesser);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await admins()).toBe(0);
    expect((await setUp(token, newAddress())).statusCode).toBe(200);
  });

  it('tells bad input by field (400), spending neither the link nor a try', async () => {
    const token = await newToken();
    const from = newAddress();
    const response = await setUp(token, from, { password: 'short', username: 'No Spaces' });
    expect(response.statusCode).toBe(400);
    const paths = (response.json() as { issues: { path: string }[] }).issues.map((issue) => issue.path).sort();
    expect(paths).toEqual(['password', 'username']);
    expect(await admins()).toBe(0);
    expect((await check(token, from)).json()).toEqual({ ready: true });
  });

  it('refuses a username taken by a disabled account (409), writing nothing and leaving the link alive', async () => {
    await t.addAccount('trustee', 'admin');
    await sql(`update users set disabled = true`);
    const token = await newToken();
    const from = newAddress();
    const trail = () => sql('select id from staff_audit');
    const before = await trail();
    const taken = await setUp(token, from);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'The username trustee is taken' });
    expect(await trail()).toEqual(before);
    expect(await sql('select id from staff_sessions')).toEqual([]);
    expect((await check(token, from)).json()).toEqual({ ready: true });
    expect((await setUp(token, from, { username: 'trustee2' })).statusCode).toBe(200);
  });

  it('used twice at once creates exactly one admin; so do two links at once', async () => {
    const token = await newToken();
    const both = await Promise.all([
      setUp(token, newAddress(), { username: 'first' }),
      setUp(token, newAddress(), { username: 'second' }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 410]);
    expect(await admins()).toBe(1);

    await sql('delete from users');
    const [one, other] = [await newToken(), await newToken()];
    const racing = await Promise.all([
      setUp(one, newAddress(), { username: 'first' }),
      setUp(other, newAddress(), { username: 'second' }),
    ]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 410]);
    expect(await admins()).toBe(1);
  });

  it('is answered by no API: neither the token nor its hash', async () => {
    const token = await newToken();
    const from = newAddress();
    const answers = [await check(token, from), await setUp(token, from)];
    const session = answers[1]?.cookies.find((cookie) => cookie.name === 'staff_session')?.value;
    for (const path of ['staff.me', 'staff.overview', 'staff.accounts.list', 'staff.audit.list']) {
      answers.push(await callProcedure(t.app, path, 'query', { token: session, input: {} }));
    }
    answers.push(await t.app.inject({ method: 'GET', url: '/api/health' }));
    for (const answer of answers) {
      expect(answer.statusCode).toBeLessThan(300);
      expect(answer.body).not.toContain(token);
      expect(answer.body).not.toContain(hashToken(token));
    }
  });
});
