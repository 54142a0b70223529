import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';

/**
 * An animal's record in the console (issue 42 item 1): created with a slug that never changes,
 * edited whole, its vaccinations added and removed, its status moved only where the rules allow,
 * its timeline in order; bad input answered 400 naming the field, never a 500 or a half-written row.
 */
let t: TestApp;
let clerk: string;
const TODAY = indiaToday();

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('kavya', 'staff');
  clerk = await t.signIn('kavya');
});
afterAll(() => t.close());

const call = async (path: string, type: 'query' | 'mutation', input?: unknown) => {
  const response = await callProcedure(t.app, `staff.animals.${path}`, type, { token: clerk, input });
  return { status: response.statusCode, body: response.json() };
};
const ok = async <T = Record<string, unknown>>(path: string, type: 'query' | 'mutation', input?: unknown) => {
  const { status, body } = await call(path, type, input);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result.data as T;
};
const fieldsOf = (overrides: Record<string, unknown> = {}) => ({
  name: 'Bruno',
  species: 'dog',
  sex: 'male',
  bornOn: '2024-03-01',
  bornEstimated: true,
  colour: 'Brown',
  markings: 'White chest',
  oneLine: 'A calm dog who loves the beach.',
  story: 'Found near the Marina with a hurt leg.\n\nHe walks well now.',
  translations: { ta: { oneLine: 'கடற்கரையை விரும்பும் அமைதியான நாய்.' } },
  intakeOn: '2026-06-01',
  intakeKind: 'rescued',
  locality: 'Besant Nagar',
  condition: '',
  specialNeeds: ['aged'],
  sterilised: true,
  sterilisedOn: '2026-06-10',
  goodWithDogs: 'yes',
  goodWithCats: 'unknown',
  goodWithChildren: 'yes',
  houseTrained: 'no',
  ...overrides,
});
const create = (overrides: Record<string, unknown> = {}) =>
  ok<{ id: number; slug: string }>('create', 'mutation', fieldsOf(overrides));
type Animal = {
  slug: string;
  status: string;
  statusOn: string;
  fields: Record<string, unknown>;
  vaccinations: { id: number; vaccine: string }[];
  timeline: { kind: string; on: string; [key: string]: unknown }[];
  appeals: { id: number; slug: string }[];
};
const get = (id: number) => ok<Animal>('get', 'query', { id });
const issuePaths = (body: { error: { data: { issues?: { path: string }[] } } }) =>
  (body.error.data.issues ?? []).map((issue) => issue.path).sort();
const countAnimals = async () =>
  Number((await t.db.orm.em.execute<{ n: string }[]>('select count(*) as n from animals'))[0]?.n);

describe('an animal’s record', () => {
  it('is created in care with a slug from its first name that never changes, and edited whole', async () => {
    const first = await create({ name: 'Rani' });
    const second = await create({ name: 'Rani' });
    expect(first.slug).toBe('rani');
    expect(second.slug).toBe('rani-2');
    const tamil = await create({ name: 'செல்லம்' });
    expect(tamil.slug).toMatch(/^animal(-\d+)?$/);

    const created = await get(first.id);
    expect(created).toMatchObject({ slug: 'rani', status: 'in-care', statusOn: '2026-06-01' });
    expect(created.fields).toMatchObject({
      name: 'Rani',
      bornOn: '2024-03-01',
      bornEstimated: true,
      specialNeeds: ['aged'],
      sterilisedOn: '2026-06-10',
      translations: { ta: { oneLine: 'கடற்கரையை விரும்பும் அமைதியான நாய்.' } },
    });

    const edited = await ok<{ changed: string[] }>('edit', 'mutation', {
      id: first.id,
      fields: fieldsOf({
        name: 'Rani Amma',
        intakeOn: '2026-05-20',
        translations: { hi: { story: 'समुद्र तट के पास मिली।' } },
      }),
    });
    expect(edited.changed.sort()).toEqual(['intakeOn', 'name', 'translations']);
    const after = await get(first.id);
    expect(after).toMatchObject({ slug: 'rani', statusOn: '2026-05-20' });
    expect(after.fields.translations).toEqual({ hi: { story: 'समुद्र तट के पास मिली।' } });
    const audit = await t.db.orm.em.execute<{ action: string; details: Record<string, unknown> }[]>(
      `select action, details from staff_audit where details->>'animalId' = ? order by id`,
      [String(first.id)],
    );
    expect(audit.map((entry) => entry.action)).toEqual(['animal_created', 'animal_edited']);
    expect(JSON.stringify(audit)).not.toContain('समुद्र');
  });

  it('refuses HTML, 100 KB texts, wrong types and impossible dates with a 400 naming each field, and writes nothing', async () => {
    const before = await countAnimals();
    const hostile = await call(
      'create',
      'mutation',
      fieldsOf({
        name: '<b>Bruno</b>',
        story: 'x'.repeat(100 * 1024),
        oneLine: 'two\nlines',
        species: 'horse',
        sterilised: 'yes',
        bornOn: '2024-02-30',
        intakeOn: '2999-01-01',
        specialNeeds: ['aged', 'aged'],
        photoImageIds: ['1'],
      }),
    );
    expect(hostile.status).toBe(400);
    expect(issuePaths(hostile.body)).toEqual([
      'bornOn',
      'intakeOn',
      'name',
      'oneLine',
      'photoImageIds.0',
      'specialNeeds',
      'species',
      'sterilised',
      'story',
    ]);
    const translated = await call(
      'create',
      'mutation',
      fieldsOf({ translations: { ta: { story: '<script>x</script>' } } }),
    );
    expect(translated.status).toBe(400);
    expect(issuePaths(translated.body)).toEqual(['translations.ta.story']);
    const consistency = await call('create', 'mutation', fieldsOf({ sterilised: false, bornOn: '2026-07-01' }));
    expect(consistency.status).toBe(400);
    expect(issuePaths(consistency.body)).toEqual(['bornOn', 'sterilisedOn']);
    const unknownKey = await call('create', 'mutation', { ...fieldsOf(), status: 'adopted' });
    expect(unknownKey.status).toBe(400);
    expect((await call('create', 'mutation', ['not', 'an', 'object'])).status).toBe(400);
    expect(await countAnimals()).toBe(before);

    const { id } = await create();
    const edit = await call('edit', 'mutation', { id, fields: fieldsOf({ markings: 'y'.repeat(100 * 1024) }) });
    expect(edit.status).toBe(400);
    expect(issuePaths(edit.body)).toEqual(['fields.markings']);
    const missing = await call('edit', 'mutation', { id: 999_999, fields: fieldsOf() });
    expect(missing.status).toBe(404);
    // Past PostgreSQL's integer: a 400 naming the field, not a database error.
    const huge = await call('edit', 'mutation', { id: 3_000_000_000, fields: fieldsOf() });
    expect(huge.status).toBe(400);
    expect(issuePaths(huge.body)).toEqual(['id']);
    const vaccination = await call('removeVaccination', 'mutation', { animalId: id, id: 3_000_000_000 });
    expect(vaccination.status).toBe(400);
    expect(issuePaths(vaccination.body)).toEqual(['id']);
  });

  it('records and removes vaccinations, refusing one before the intake', async () => {
    const { id } = await create({ name: 'Vaccy' });
    const { id: shot } = await ok<{ id: number }>('addVaccination', 'mutation', {
      animalId: id,
      givenOn: '2026-06-15',
      vaccine: 'Rabies (Nobivac)',
      batch: 'RB-2291',
    });
    await ok('addVaccination', 'mutation', { animalId: id, givenOn: '2026-07-15', vaccine: 'DHPPi' });
    expect((await get(id)).vaccinations.map((v) => v.vaccine)).toEqual(['Rabies (Nobivac)', 'DHPPi']);
    const early = await call('addVaccination', 'mutation', { animalId: id, givenOn: '2026-01-01', vaccine: 'DHPPi' });
    expect(early.status).toBe(400);
    expect(issuePaths(early.body)).toEqual(['givenOn']);
    const html = await call('addVaccination', 'mutation', { animalId: id, givenOn: '2026-06-15', vaccine: '<i>x</i>' });
    expect(issuePaths(html.body)).toEqual(['vaccine']);
    await ok('removeVaccination', 'mutation', { animalId: id, id: shot });
    expect((await get(id)).vaccinations.map((v) => v.vaccine)).toEqual(['DHPPi']);
    expect((await call('removeVaccination', 'mutation', { animalId: id, id: shot })).status).toBe(404);
  });
});

describe('an animal’s status', () => {
  it('moves only as the rules allow, dated, never in the future nor before the intake', async () => {
    const { id } = await create({ name: 'Mover' });
    const move = (to: string, onDate: string, note = '') =>
      call('move', 'mutation', { animalId: id, to, onDate, note });
    const notAllowed = await move('adopted', '2026-07-01');
    expect(notAllowed.status).toBe(409);
    expect(issuePaths(notAllowed.body)).toEqual(['to']);
    const future = await move('adoptable', '2999-01-01');
    expect(future.status).toBe(400);
    expect(issuePaths(future.body)).toEqual(['onDate']);
    const beforeIntake = await move('adoptable', '2026-01-01');
    expect(beforeIntake.status).toBe(400);
    expect(issuePaths(beforeIntake.body)).toEqual(['onDate']);
    expect((await move('nowhere', '2026-07-01')).status).toBe(400);
    expect((await get(id)).status).toBe('in-care');

    expect((await move('adoptable', '2026-07-01', 'Ready for a home')).status).toBe(200);
    expect((await move('died', TODAY)).status).toBe(200);
    const fromDied = await move('in-care', TODAY);
    expect(fromDied.status).toBe(409);
    expect(await get(id)).toMatchObject({ status: 'died', statusOn: TODAY });
    // After a move, the intake may not be edited past it.
    const late = await call('edit', 'mutation', { id, fields: fieldsOf({ name: 'Mover', intakeOn: '2026-07-02' }) });
    expect(late.status).toBe(400);
    expect(issuePaths(late.body)).toEqual(['fields.intakeOn']);
  });

  it('shows its life on a timeline: intake, sterilisation, vaccinations, moves and the appeals naming it', async () => {
    const { id } = await create({ name: 'Timely', intakeOn: '2026-06-01', sterilisedOn: '2026-06-10' });
    await ok('addVaccination', 'mutation', { animalId: id, givenOn: '2026-06-05', vaccine: 'Rabies' });
    await ok('move', 'mutation', { animalId: id, to: 'adoptable', onDate: '2026-06-20', note: 'Healthy' });
    await ok('move', 'mutation', { animalId: id, to: 'reserved', onDate: '2026-06-20' });
    await t.db.orm.em.execute(
      `insert into appeals (slug, title, story, goal, animal_id, created_by, updated_by, created_at)
       values ('timely-surgery', 'Timely’s surgery', 'A story long enough to tell.', 100000, ?, 'kavya', 'kavya', '2026-06-15T06:00:00Z')`,
      [id],
    );
    const animal = await get(id);
    expect(animal.timeline.map((entry) => [entry.kind, entry.on])).toEqual([
      ['intake', '2026-06-01'],
      ['vaccination', '2026-06-05'],
      ['sterilised', '2026-06-10'],
      ['appeal', '2026-06-15'],
      ['status', '2026-06-20'],
      ['status', '2026-06-20'],
    ]);
    expect(animal.timeline[4]).toMatchObject({ from: 'in-care', to: 'adoptable', note: 'Healthy', by: 'kavya' });
    expect(animal.timeline[5]).toMatchObject({ from: 'adoptable', to: 'reserved' });
    expect(animal.appeals.map((appeal) => appeal.slug)).toEqual(['timely-surgery']);
  });
});

describe('the console’s list', () => {
  it('filters by status, species and a name, a page at a time', async () => {
    const cat = await create({ name: 'Whiskers%_', species: 'cat' });
    await ok('move', 'mutation', { animalId: cat.id, to: 'adoptable', onDate: '2026-07-01' });
    const list = (input: Record<string, unknown>) =>
      ok<{ rows: { id: number; name: string; status: string; species: string }[]; total: number }>(
        'list',
        'query',
        input,
      );
    const cats = await list({ species: 'cat', status: 'adoptable' });
    expect(cats.rows.map((row) => row.id)).toEqual([cat.id]);
    expect(cats.total).toBe(1);
    expect((await list({ search: 'whisk' })).rows.map((row) => row.id)).toEqual([cat.id]);
    // `%` and `_` are letters in a search, not wildcards.
    expect((await list({ search: '%_' })).rows.map((row) => row.id)).toEqual([cat.id]);
    expect((await list({ search: 'r_n' })).total).toBe(0);
    const all = await list({});
    expect(all.total).toBe(await countAnimals());
    expect((await list({ page: 2 })).rows).toEqual([]);
    expect((await call('list', 'query', { status: 'lost' })).status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const response = await callProcedure(t.app, 'staff.animals.list', 'query', { input: {} });
    expect(response.statusCode).toBe(401);
  });
});
