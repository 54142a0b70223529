import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorToken, verifyDonorToken } from '../../gifts/donor-keys/donor-link';
import { resolveDataEncryptionKey } from '../../platform/personal-data/data-encryption-key';
import { seedAnimal, seedApplication } from '../../test/animal-fixtures';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';
import { eraseExpiredApplications } from './application-erasure';

/**
 * Applications as personal data: the admins' keeping period and the daily pass that erases
 * declined and withdrawn ones past it (with their steps and a partner's contacts row), an erasure
 * request reaching a person's applications, and an applicant's "my data" link.
 */
let t: TestApp;
let key: Buffer;
let staff: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  key = resolveDataEncryptionKey(t.config);
  await t.addAccount('volunteer', 'staff');
  await t.addAccount('trustee', 'admin');
  staff = await t.signIn('volunteer');
  admin = await t.signIn('trustee');
});
afterAll(() => t.close());

const em = () => t.db.orm.em.fork();
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => em().execute<T[]>(text, params);
const call = async (path: string, type: 'query' | 'mutation', token: string, input?: unknown) => {
  const response = await callProcedure(t.app, path, type, { token, input });
  return { status: response.statusCode, body: response.json() };
};
const exists = async (id: number) => (await sql('select 1 from applications where id = ?', [id])).length === 1;
const months = (n: number, from = new Date()) => new Date(from.getTime() - n * 31 * 24 * 60 * 60 * 1000);

describe('the keeping period', () => {
  it('is set by admins only, and the pass erases declined and withdrawn applications older than it', async () => {
    expect((await call('staff.applications.keepMonths', 'query', staff)).body.result.data).toEqual({ months: 12 });
    expect((await call('staff.applications.setKeepMonths', 'mutation', staff, { months: 6 })).status).toBe(403);
    expect((await call('staff.applications.setKeepMonths', 'mutation', admin, { months: 0 })).status).toBe(400);
    expect((await call('staff.applications.setKeepMonths', 'mutation', admin, { months: 'six' })).status).toBe(400);
    expect((await call('staff.applications.setKeepMonths', 'mutation', admin, { months: 6 })).status).toBe(200);

    const [contact] = await sql<{ id: number }>(
      `insert into contacts (name, email, subject, message) values ('Old Partner', 'old@partner.example', 'Paws Clinic', 'Free check-ups') returning id`,
    );
    const partner = await seedApplication(em(), {
      kind: 'partner',
      status: 'declined',
      statusAt: months(7),
      createdAt: months(8),
    });
    await sql('update applications set contact_id = ? where id = ?', [contact?.id, partner.id]);
    const withdrawn = await seedApplication(em(), { status: 'withdrawn', statusAt: months(7), createdAt: months(8) });
    await sql(
      `insert into application_events (application_id, kind, text, by_user) values (?, 'note', 'Moved away', 'volunteer')`,
      [withdrawn.id],
    );
    // Its mails as the outbox keeps them: the acknowledgement and a step's, and a mail about another application.
    const outbox = (messageId: string) =>
      sql(
        `insert into mail_outbox (message_id, kind, recipient, subject, text_body, html_body, status)
         values (?, 'application-received', 'moved@away.example', 'Your application for Bruno', 'Dear Kavya', '<p>Dear Kavya</p>', 'sent')`,
        [messageId],
      );
    await outbox(`application-${withdrawn.id}`);
    await outbox(`application-${withdrawn.id}-declined-7`);
    await outbox(`application-${withdrawn.id}9`);
    const recent = await seedApplication(em(), { status: 'declined', statusAt: months(5), createdAt: months(8) });
    const openOld = await seedApplication(em(), { status: 'contacted', statusAt: months(9), createdAt: months(9) });
    const completedOld = await seedApplication(em(), {
      status: 'completed',
      statusAt: months(9),
      createdAt: months(9),
    });

    expect(await eraseExpiredApplications(em())).toBe(2);
    expect([await exists(partner.id), await exists(withdrawn.id)]).toEqual([false, false]);
    expect([await exists(recent.id), await exists(openOld.id), await exists(completedOld.id)]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await sql('select 1 from application_events where application_id = ?', [withdrawn.id])).toEqual([]);
    expect(await sql('select 1 from contacts where id = ?', [contact?.id])).toEqual([]);
    const mails = await sql<{ message_id: string; recipient: string; subject: string; text_body: string }>(
      `select message_id, recipient, subject, text_body from mail_outbox where message_id like ? order by message_id`,
      [`application-${withdrawn.id}%`],
    );
    expect(mails).toEqual([
      {
        message_id: `application-${withdrawn.id}`,
        recipient: 'erased@erased.invalid',
        subject: 'erased',
        text_body: 'erased',
      },
      {
        message_id: `application-${withdrawn.id}-declined-7`,
        recipient: 'erased@erased.invalid',
        subject: 'erased',
        text_body: 'erased',
      },
      // Another application's (its id only begins with this one's): kept.
      {
        message_id: `application-${withdrawn.id}9`,
        recipient: 'moved@away.example',
        subject: 'Your application for Bruno',
        text_body: 'Dear Kavya',
      },
    ]);
    const [entry] = await sql<{ details: Record<string, unknown> }>(
      `select details from staff_audit where action = 'application_erased' order by id desc limit 1`,
    );
    expect(entry?.details).toEqual({ reason: 'retention', months: 6, applicationIds: [partner.id, withdrawn.id] });
    // Run again: nothing more is due.
    expect(await eraseExpiredApplications(em())).toBe(0);
    await call('staff.applications.setKeepMonths', 'mutation', admin, { months: 12 });
  });
});

describe("an applicant's data", () => {
  it('a link asked for by an applicant (no gifts) opens their applications, their download and their erasure', async () => {
    const email = donorEmail('applicant');
    const { id: animalId } = await seedAnimal(em(), { name: 'Sundari' });
    const adoption = await seedApplication(em(), { animalId, email, name: 'Devi', answers: { home: 'own' } });
    const volunteering = await seedApplication(em(), { kind: 'volunteer', email: email.toUpperCase(), name: 'Devi' });

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/my-giving/link',
      payload: { email, language: 'ta' },
    });
    expect(asked.statusCode).toBe(202);
    const [mail] = await mailTo(t, email);
    const token = /\/ta\/my-giving\?token=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token && verifyDonorToken(token, key)).toBe(email);

    const asApplicant = (path: string, method: 'GET' | 'POST' = 'GET') =>
      t.app.inject({
        method,
        url: `/trpc/${path}`,
        headers: { 'x-donor-token': token as string },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
    const own = (await asApplicant('donor.applications')).json().result.data;
    expect(own.map((row: { id: number }) => row.id).sort()).toEqual([adoption.id, volunteering.id].sort());
    expect(own.find((row: { id: number }) => row.id === adoption.id)).toMatchObject({
      animalName: 'Sundari',
      answers: { home: 'own' },
    });
    const exported = (await asApplicant('donor.exportData')).json().result.data;
    expect(exported.applications).toHaveLength(2);

    const requested = await asApplicant('donor.requestErasure', 'POST');
    expect(requested.statusCode).toBe(200);
    const requestId = requested.json().result.data.id;
    const preview = (await call('staff.erasure.preview', 'query', admin, { id: requestId })).body.result.data;
    expect(preview.applications.map((row: { id: number }) => row.id)).toEqual([adoption.id, volunteering.id]);
    const done = await call('staff.erasure.complete', 'mutation', admin, { id: requestId });
    expect(done.status).toBe(200);
    expect(done.body.result.data).toMatchObject({ applications: 2 });
    expect([await exists(adoption.id), await exists(volunteering.id)]).toEqual([false, false]);
    const holding = await sql(`select id from staff_audit where details::text ilike ?`, [`%${email}%`]);
    expect(holding).toEqual([]);
  });

  it('an address with no gift and no application gets no mail, with the same answer', async () => {
    const email = donorEmail('stranger');
    // From another client address: one link a minute per address.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/my-giving/link',
      payload: { email },
      remoteAddress: '192.0.2.7',
    });
    expect(asked.statusCode).toBe(202);
    expect(await mailTo(t, email)).toEqual([]);
    // A token for them opens an empty list, not someone else's.
    const response = await t.app.inject({
      method: 'GET',
      url: '/trpc/donor.applications',
      headers: { 'x-donor-token': donorToken(email, key) },
    });
    expect(response.json().result.data).toEqual([]);
  });
});
