import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAnimal, seedApplication } from '../../test/animal-fixtures';
import { donorEmail, mailTo, subjects } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';

/**
 * Working an application in the console, over HTTP as the console calls it: every step the rules
 * allow (and none they do not), mails in the applicant's language from staff's templates, an
 * approved adoption reserving its animal and declining the others kindly, a completed one marking
 * the animal adopted, the refusals, assignment and notes, the list and the overview's count.
 */
let t: TestApp;
let staff: string;
let volunteerId: number;

beforeAll(async () => {
  t = await createTestApp();
  volunteerId = (await t.addAccount('volunteer', 'staff')).id;
  staff = await t.signIn('volunteer');
});
afterAll(() => t.close());

const em = () => t.db.orm.em.fork();
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => em().execute<T[]>(text, params);
const call = async (path: string, type: 'query' | 'mutation', input?: unknown, token: string | undefined = staff) => {
  const response = await callProcedure(t.app, path, type, { token, input });
  return { status: response.statusCode, body: response.json() };
};
const move = (input: Record<string, unknown>) => call('staff.applications.move', 'mutation', input);
const animalOf = async (id: number) =>
  (
    await sql<{ status: string; on: string }>(
      `select status, to_char(status_on, 'YYYY-MM-DD') as on from animals where id = ?`,
      [id],
    )
  )[0];
const statusOf = async (id: number) =>
  (await sql<{ status: string }>('select status from applications where id = ?', [id]))[0]?.status;

describe('the steps of an application', () => {
  it('moves a volunteer through every open step, with events, audit entries and a mail in Tamil', async () => {
    const email = donorEmail('kavya');
    const { id } = await seedApplication(em(), { kind: 'volunteer', name: 'Kavya', email, language: 'ta' });
    expect((await move({ id, to: 'contacted', mail: true, note: 'Called her' })).status).toBe(200);
    expect((await move({ id, to: 'home-visit' })).status).toBe(200);
    const approved = await move({ id, to: 'approved' });
    expect(approved.body.result.data).toMatchObject({ from: 'home-visit', to: 'approved', animal: null });
    expect((await move({ id, to: 'completed' })).status).toBe(200);
    expect(await statusOf(id)).toBe('completed');
    // Completed is final: nothing moves it again.
    const refused = await move({ id, to: 'declined' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('cannot move to declined');

    const events = await sql(
      'select kind, from_status, to_status, text, by_user from application_events where application_id = ? order by id',
      [id],
    );
    expect(events).toEqual([
      { kind: 'status', from_status: 'new', to_status: 'contacted', text: 'Called her', by_user: 'volunteer' },
      { kind: 'mail', from_status: null, to_status: null, text: 'உங்கள் விண்ணப்பத்தைப் படித்தோம்', by_user: 'volunteer' },
      { kind: 'status', from_status: 'contacted', to_status: 'home-visit', text: '', by_user: 'volunteer' },
      { kind: 'status', from_status: 'home-visit', to_status: 'approved', text: '', by_user: 'volunteer' },
      { kind: 'status', from_status: 'approved', to_status: 'completed', text: '', by_user: 'volunteer' },
    ]);
    const audited = await sql<{ action: string; details: Record<string, unknown> }>(
      `select action, details from staff_audit where details->>'applicationId' = ? order by id`,
      [String(id)],
    );
    expect(audited.map((entry) => entry.action)).toEqual([
      'application_status_changed',
      'application_mailed',
      'application_status_changed',
      'application_status_changed',
      'application_status_changed',
    ]);
    // The audit keeps ids and steps, never the applicant's name or address.
    expect(JSON.stringify(audited)).not.toContain(email);
    const [mail] = await mailTo(t, email);
    expect(mail?.subject).toBe('உங்கள் விண்ணப்பத்தைப் படித்தோம்');
    expect(mail?.text).toContain('அன்புள்ள Kavya');
  });

  it('approving an adoption reserves its animal and declines the other families kindly', async () => {
    const { id: animalId } = await seedAnimal(em(), { name: 'Raja', status: 'adoptable' });
    const [chosen, second, third] = [donorEmail('chosen'), donorEmail('second'), donorEmail('third')];
    const a = await seedApplication(em(), { animalId, name: 'Anitha', email: chosen, status: 'home-visit' });
    const b = await seedApplication(em(), { animalId, name: 'Bala', email: second, language: 'hi' });
    const c = await seedApplication(em(), { animalId, name: 'Chitra', email: third, status: 'contacted' });

    const detail = await call('staff.applications.get', 'query', { id: a.id });
    expect(detail.body.result.data.otherOpen.map((other: { id: number }) => other.id)).toEqual([b.id, c.id]);
    expect(detail.body.result.data.animal).toMatchObject({ id: animalId, name: 'Raja', status: 'adoptable' });

    const approved = await move({ id: a.id, to: 'approved', mail: true, declineOthers: [b.id, c.id] });
    expect(approved.status).toBe(200);
    expect(approved.body.result.data).toMatchObject({ animal: 'reserved', declined: [b.id, c.id] });
    expect(await animalOf(animalId)).toMatchObject({ status: 'reserved' });
    expect(
      await sql('select to_status, application_id from animal_status_changes where animal_id = ?', [animalId]),
    ).toEqual([{ to_status: 'reserved', application_id: a.id }]);
    expect([await statusOf(b.id), await statusOf(c.id)]).toEqual(['declined', 'declined']);
    expect(subjects(await mailTo(t, chosen))).toEqual(['Good news about Raja']);
    expect(subjects(await mailTo(t, second))).toEqual(['Raja को घर मिल गया है']);
    const [kind] = await mailTo(t, third);
    expect(kind?.subject).toBe('Raja has found a home');
    expect(kind?.text).toContain('Dear Chitra');

    // Completing it marks the animal adopted, on the day given, by this family's application.
    const completed = await move({ id: a.id, to: 'completed', onDate: '2026-11-20' });
    expect(completed.body.result.data).toMatchObject({ animal: 'adopted' });
    expect(await animalOf(animalId)).toEqual({ status: 'adopted', on: '2026-11-20' });
    const [adopted] = await sql(
      `select to_status, application_id, to_char(on_date, 'YYYY-MM-DD') as on from animal_status_changes
        where animal_id = ? order by id desc limit 1`,
      [animalId],
    );
    expect(adopted).toEqual({ to_status: 'adopted', application_id: a.id, on: '2026-11-20' });
  });

  it('refuses to approve a family for an animal reserved by another, and changes nothing', async () => {
    const { id: animalId } = await seedAnimal(em(), { name: 'Lakshmi', status: 'adoptable', species: 'cat' });
    const first = await seedApplication(em(), { animalId });
    const late = await seedApplication(em(), { animalId, status: 'contacted' });
    expect((await move({ id: first.id, to: 'approved' })).status).toBe(200);
    const refused = await move({ id: late.id, to: 'approved', mail: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('Lakshmi is no longer adoptable: reserved for another family');
    expect(await statusOf(late.id)).toBe('contacted');
    expect(await sql('select id from application_events where application_id = ?', [late.id])).toEqual([]);

    // Declining others that are not open for the same animal is refused too, as a whole.
    const { id: otherAnimal } = await seedAnimal(em(), { status: 'adoptable' });
    const stranger = await seedApplication(em(), { animalId: otherAnimal });
    const mine = await seedApplication(em(), { animalId: otherAnimal });
    const wrong = await move({ id: mine.id, to: 'approved', declineOthers: [late.id] });
    expect(wrong.status).toBe(409);
    expect(await animalOf(otherAnimal)).toMatchObject({ status: 'adoptable' });
    expect(await statusOf(stranger.id)).toBe('new');

    // The approved family withdraws: the animal is back on the list.
    const withdrawn = await move({ id: first.id, to: 'withdrawn' });
    expect(withdrawn.body.result.data).toMatchObject({ animal: 'released' });
    expect(await animalOf(animalId)).toMatchObject({ status: 'adoptable' });
  });

  it('refuses to complete an adoption of an animal reserved since for another family', async () => {
    const { id: animalId } = await seedAnimal(em(), { name: 'Meena', status: 'adoptable', species: 'cat' });
    const first = await seedApplication(em(), { animalId });
    const second = await seedApplication(em(), { animalId, status: 'contacted' });
    expect((await move({ id: first.id, to: 'approved' })).status).toBe(200);
    // Staff put Meena back on the list from her own page (the first family still approved), then
    // approve the second family: she is theirs now.
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const back = await call('staff.animals.move', 'mutation', { animalId, to: 'adoptable', onDate: today });
    expect(back.status).toBe(200);
    expect((await move({ id: second.id, to: 'approved' })).status).toBe(200);
    const taken = await move({ id: first.id, to: 'completed' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toContain('Meena is no longer adoptable: reserved for another family');
    expect(await animalOf(animalId)).toMatchObject({ status: 'reserved' });
    expect(await statusOf(first.id)).toBe('approved');
    expect((await move({ id: second.id, to: 'completed' })).status).toBe(200);
    expect(await animalOf(animalId)).toMatchObject({ status: 'adopted' });
  });

  it('answers bad input with the field, and a caller without a session with 401', async () => {
    const { id } = await seedApplication(em());
    const bad = await move({ id, to: 'adopted-by-aliens' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('to');
    expect((await move({ id: 'one', to: 'contacted' })).status).toBe(400);
    expect((await move({ id: 99_999_999, to: 'contacted' })).status).toBe(404);
    // Past PostgreSQL's integer, and a day no calendar has: 400s naming the field, not a database error.
    const huge = await move({ id: 3_000_000_000, to: 'contacted' });
    expect(huge.status).toBe(400);
    expect(JSON.stringify(huge.body.error)).toContain('id');
    for (const onDate of ['2026-02-30', '2026-13-01']) {
      const day = await move({ id, to: 'completed', onDate });
      expect(day.status).toBe(400);
      expect(JSON.stringify(day.body.error)).toContain('onDate');
    }
    expect((await call('staff.applications.assign', 'mutation', { id, userId: 3_000_000_000 })).status).toBe(400);
    expect((await call('staff.applications.note', 'mutation', { id, text: 'x'.repeat(2001) })).status).toBe(400);
    expect((await call('staff.applications.move', 'mutation', { id, to: 'contacted' }, '')).status).toBe(401);
    expect(await statusOf(id)).toBe('new');
  });

  it('assigns to a staff member, keeps notes, and lists both among the steps', async () => {
    const { id } = await seedApplication(em(), { kind: 'foster' });
    expect((await call('staff.applications.assign', 'mutation', { id, userId: volunteerId })).status).toBe(200);
    expect((await call('staff.applications.assign', 'mutation', { id, userId: 987_654 })).status).toBe(400);
    expect((await call('staff.applications.note', 'mutation', { id, text: 'Has a big garden' })).status).toBe(200);
    const detail = (await call('staff.applications.get', 'query', { id })).body.result.data;
    expect(detail.assignedTo).toBe('volunteer');
    expect(detail.events.map((step: { kind: string; text: string }) => [step.kind, step.text])).toEqual([
      ['note', 'Has a big garden'],
      ['assigned', 'volunteer'],
    ]);
  });

  it('sends the template staff saved, and refuses a placeholder that does not exist', async () => {
    const saved = await call('staff.applications.saveTemplate', 'mutation', {
      step: 'declined',
      language: 'en',
      subject: 'Thank you, {name}',
      body: 'Dear {name},\n\nNot this time for {animal}.\n\n{trust}',
    });
    expect(saved.status).toBe(200);
    const wrong = await call('staff.applications.saveTemplate', 'mutation', {
      step: 'declined',
      language: 'en',
      subject: 'Hello {nmae}',
      body: 'x',
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body.error)).toContain('{nmae} is not a placeholder');
    const email = donorEmail('declined');
    const { id } = await seedApplication(em(), { kind: 'partner', name: 'Ravi', email });
    await move({ id, to: 'declined', mail: true });
    const [mail] = await mailTo(t, email);
    expect(mail?.subject).toBe('Thank you, Ravi');
    expect(mail?.text).toContain('Not this time for the animals in our care.');
    const templates = (await call('staff.applications.templates', 'query')).body.result.data;
    expect(templates).toHaveLength(21);
    expect(
      templates.find((one: { step: string; language: string }) => one.step === 'declined' && one.language === 'en'),
    ).toMatchObject({
      custom: true,
      updatedBy: 'volunteer',
    });
    await call('staff.applications.resetTemplate', 'mutation', { step: 'declined', language: 'en' });
    const reset = (await call('staff.applications.templates', 'query')).body.result.data;
    expect(
      reset.find((one: { step: string; language: string }) => one.step === 'declined' && one.language === 'en'),
    ).toMatchObject({
      custom: false,
      subject: 'About your application',
    });
  });
});

describe('the list and the overview', () => {
  it('filters by kind, status, waiting time and search, newest first, and the overview counts the waiting', async () => {
    const overview = async () => (await call('staff.overview', 'query')).body.result.data.applicationsWaiting as number;
    const before = await overview();
    const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
    const old = await seedApplication(em(), {
      kind: 'foster',
      name: 'Zarina Waiting',
      createdAt: days(10),
      statusAt: days(4),
    });
    const fresh = await seedApplication(em(), { kind: 'foster', name: 'Zarina Fresh', createdAt: days(1) });
    const closed = await seedApplication(em(), {
      kind: 'foster',
      name: 'Zarina Closed',
      status: 'declined',
      createdAt: days(9),
      statusAt: days(9),
    });
    expect(await overview()).toBe(before + 1);

    const list = async (input: Record<string, unknown>) =>
      (await call('staff.applications.list', 'query', input)).body.result.data;
    const ids = (data: { rows: { id: number }[] }) => data.rows.map((row) => row.id);
    expect(ids(await list({ kind: 'foster', search: 'zarina' }))).toEqual([fresh.id, closed.id, old.id]);
    expect(ids(await list({ kind: 'foster', search: 'ZARINA', status: 'open' }))).toEqual([fresh.id, old.id]);
    expect(ids(await list({ search: 'zarina', waiting: true }))).toEqual([old.id]);
    expect(ids(await list({ search: 'zarina', status: 'declined' }))).toEqual([closed.id]);
    // Typed % is a literal, not a wildcard.
    expect((await list({ search: '%' })).total).toBe(0);
    const page = await list({ kind: 'foster', search: 'zarina' });
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect((await call('staff.applications.list', 'query', { kind: 'pets' })).status).toBe(400);
  });
});
