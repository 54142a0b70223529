import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOn, parseAdoptQuery } from '../../../shared/adoptable';
import { seedAnimal } from '../../test/animal-fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { adoptableList, animalPage } from './adoptable-animals';
import { adoptableFeed } from './adoptable-feed';
import { moveAnimal } from './move-animal';

/**
 * What `/adopt`, an animal's page and the feed read: only adoptable animals on the list, each
 * filter a family uses, pages, the texts in Tamil and Hindi with English where none is written,
 * and which animals have a page at all.
 */
const NOW = new Date('2026-11-29T06:00:00Z');
const actor = { userId: null, username: 'volunteer', ip: '127.0.0.1' };
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const list = (filters: Parameters<typeof adoptableList>[1], page = 1, perPage = 50) =>
  adoptableList(db.orm.em.fork(), filters, { page, perPage, language: 'en', now: NOW });
const names = async (filters: Parameters<typeof adoptableList>[1]) =>
  (await list(filters)).animals.map((animal) => animal.name).sort();

describe('the adoptable animals', () => {
  beforeAll(async () => {
    const em = db.orm.em.fork();
    await seedAnimal(em, {
      name: 'Kutty',
      species: 'dog',
      sex: 'male',
      bornOn: '2026-06-15',
      goodWithChildren: 'yes',
      intakeOn: '2026-07-01',
    });
    await seedAnimal(em, {
      name: 'Rani',
      species: 'dog',
      sex: 'female',
      bornOn: '2024-11-01',
      bornEstimated: true,
      goodWithChildren: 'yes',
      intakeOn: '2025-01-10',
      translations: { ta: { oneLine: 'ராணி கடற்கரையில் நடக்க விரும்புகிறாள்.' } },
    });
    await seedAnimal(em, {
      name: 'Mani',
      species: 'dog',
      sex: 'male',
      bornOn: '2021-01-01',
      goodWithChildren: 'no',
      specialNeeds: ['three-legged'],
      intakeOn: '2025-02-01',
    });
    await seedAnimal(em, { name: 'Thatha', species: 'dog', sex: 'male', bornOn: '2016-03-01', specialNeeds: ['aged'] });
    await seedAnimal(em, { name: 'Pooja', species: 'cat', sex: 'female', bornOn: '2026-03-01' });
    await seedAnimal(em, { name: 'Nobody-knows', species: 'cat', sex: 'unknown', bornOn: null });
    await seedAnimal(em, { name: 'Still-in-care', status: 'in-care' });
    await seedAnimal(em, { name: 'Fostered', status: 'fostered' });
    await seedAnimal(em, { name: 'Gone-home', status: 'adopted' });
  });

  it('lists only adoptable animals, those waiting longest first', async () => {
    const { animals, total } = await list({});
    expect(animals.map((animal) => animal.name).slice(0, 2)).toEqual(['Rani', 'Mani']);
    expect(total).toBe(6);
    expect(animals.map((animal) => animal.name)).not.toContain('Still-in-care');
    expect(animals.map((animal) => animal.name)).not.toContain('Gone-home');
  });

  it('filters by species, sex, good with children and special needs', async () => {
    expect(await names({ species: 'cat' })).toEqual(['Nobody-knows', 'Pooja']);
    expect(await names({ species: 'dog', sex: 'female' })).toEqual(['Rani']);
    expect(await names({ species: 'dog', children: 'yes' })).toEqual(['Kutty', 'Rani']);
    expect(await names({ needs: 'has' })).toEqual(['Mani', 'Thatha']);
    expect(await names({ species: 'dog', needs: 'none' })).toEqual(['Kutty', 'Rani']);
  });

  it('filters by age band from the birth day (an animal of unknown age is in none)', async () => {
    expect(await names({ age: 'baby' })).toEqual(['Kutty', 'Pooja']);
    expect(await names({ age: 'young' })).toEqual(['Rani']);
    expect(await names({ age: 'adult' })).toEqual(['Mani']);
    expect(await names({ age: 'senior' })).toEqual(['Thatha']);
  });

  it('gives the age in months under a year, in years after, "about" for an estimate', async () => {
    const byName = new Map((await list({})).animals.map((animal) => [animal.name, animal]));
    expect(byName.get('Kutty')?.age).toEqual({ unit: 'months', count: 5, estimated: false });
    expect(byName.get('Rani')?.age).toEqual({ unit: 'years', count: 2, estimated: true });
    expect(byName.get('Nobody-knows')?.age).toBeNull();
    expect(ageOn('2026-11-20', false, '2026-11-29')).toEqual({ unit: 'months', count: 1, estimated: false });
  });

  it('pages the list and counts every match', async () => {
    const second = await list({}, 2, 4);
    expect(second).toMatchObject({ page: 2, pages: 2, total: 6 });
    expect(second.animals).toHaveLength(2);
    const past = await list({}, 9, 4);
    expect(past).toMatchObject({ total: 6, pages: 2, animals: [] });
  });

  it('shows the one line in Tamil where written, else in English, marked so', async () => {
    const ta = await adoptableList(
      db.orm.em.fork(),
      { species: 'dog', sex: 'female' },
      {
        page: 1,
        perPage: 10,
        language: 'ta',
        now: NOW,
      },
    );
    expect(ta.animals[0]).toMatchObject({ oneLine: 'ராணி கடற்கரையில் நடக்க விரும்புகிறாள்.', oneLineInEnglish: false });
    const hi = await adoptableList(
      db.orm.em.fork(),
      { species: 'dog', sex: 'female' },
      {
        page: 1,
        perPage: 10,
        language: 'hi',
        now: NOW,
      },
    );
    expect(hi.animals[0]).toMatchObject({ oneLine: 'Rani loves a walk by the sea.', oneLineInEnglish: true });
  });

  it('takes an animal off the list the moment it is reserved, and its page says it found a home', async () => {
    const em = db.orm.em.fork();
    const { id, slug } = await seedAnimal(em, { name: 'Bhairav', species: 'dog', goodWithChildren: 'yes' });
    expect(await names({ species: 'dog', children: 'yes' })).toContain('Bhairav');
    await em.transactional((tx) => moveAnimal(tx, actor, { animalId: id, to: 'reserved' }));
    expect(await names({ species: 'dog', children: 'yes' })).not.toContain('Bhairav');
    const page = await animalPage(db.orm.em.fork(), slug, { language: 'en', now: NOW });
    expect(page).toMatchObject({ name: 'Bhairav', status: 'reserved' });
  });
});

describe("an animal's page", () => {
  it('exists for adoptable, reserved, adopted and sponsorable animals only', async () => {
    const em = db.orm.em.fork();
    const shown = await Promise.all(
      (['adoptable', 'reserved', 'adopted'] as const).map((status) => seedAnimal(em, { status })),
    );
    const resident = await seedAnimal(em, { status: 'resident', sponsorMonthlyAmount: 350_000 });
    const hidden = await Promise.all(
      (['in-care', 'fostered', 'resident', 'returned', 'died'] as const).map((status) => seedAnimal(em, { status })),
    );
    for (const { slug } of [...shown, resident]) {
      expect(await animalPage(db.orm.em.fork(), slug, { language: 'en' }), slug).not.toBeNull();
    }
    for (const { slug } of [...hidden, { slug: 'no-such-animal' }]) {
      expect(await animalPage(db.orm.em.fork(), slug, { language: 'en' }), slug).toBeNull();
    }
  });

  it('carries its facts, vaccinations newest first, its story in the language, its published appeals', async () => {
    const em = db.orm.em.fork();
    const { id, slug } = await seedAnimal(em, {
      name: 'Laddu',
      sterilised: true,
      specialNeeds: ['blind'],
      story: 'Found in Mylapore.\n\nShe loves the terrace.',
      translations: { hi: { story: 'मायलापुर में मिली।\n\nउसे छत पसंद है।' } },
    });
    await em.execute(
      `insert into animal_vaccinations (animal_id, given_on, vaccine, batch, recorded_by)
        values (?, '2026-09-01', 'Rabies', 'B1', 'vet'), (?, '2026-10-12', 'DHPPi', 'B2', 'vet')`,
      [id, id],
    );
    await em.execute(
      `insert into appeals (slug, title, story, goal, status, photo_image_ids, translations, created_by, updated_by, animal_id, published_at)
        values ('laddu-eyes', 'Laddu''s eye surgery', 'Her eyes.', 1000000, 'published', '[]', '{}', 'test', 'test', ?, now()),
               ('laddu-draft', 'A draft', 'Not yet.', 1000000, 'draft', '[]', '{}', 'test', 'test', ?, null)`,
      [id, id],
    );
    const hi = await animalPage(db.orm.em.fork(), slug, { language: 'hi' });
    expect(hi).toMatchObject({
      name: 'Laddu',
      sterilised: true,
      specialNeeds: ['blind'],
      story: ['मायलापुर में मिली।', 'उसे छत पसंद है।'],
      vaccinations: [
        { vaccine: 'DHPPi', givenOn: '2026-10-12' },
        { vaccine: 'Rabies', givenOn: '2026-09-01' },
      ],
      appeals: [{ slug: 'laddu-eyes', title: "Laddu's eye surgery", titleInEnglish: true }],
    });
    expect(hi?.inEnglish).toEqual(['oneLine']);
    expect(JSON.stringify(hi)).not.toContain('B1');
  });
});

describe('the feed', () => {
  it('gives every language, absolute addresses, and refuses nothing it was not asked', async () => {
    const feed = await adoptableFeed(
      db.orm.em.fork(),
      { species: 'dog', sex: 'female', age: 'young' },
      { siteUrl: 'https://rescue.example.org/', now: NOW },
    );
    expect(feed).toMatchObject({ page: 1, pages: 1, total: 1 });
    expect(feed.animals[0]).toMatchObject({
      name: 'Rani',
      age: { bornOn: '2024-11-01', estimated: true, months: 24 },
      oneLine: {
        en: 'Rani loves a walk by the sea.',
        ta: 'ராணி கடற்கரையில் நடக்க விரும்புகிறாள்.',
        hi: 'Rani loves a walk by the sea.',
      },
      goodWithChildren: 'yes',
    });
    const slug = feed.animals[0]?.slug;
    expect(feed.animals[0]?.pageUrls).toEqual({
      en: `https://rescue.example.org/adopt/${slug}`,
      ta: `https://rescue.example.org/ta/adopt/${slug}`,
      hi: `https://rescue.example.org/hi/adopt/${slug}`,
    });
  });
});

describe("the list's query string", () => {
  it('keeps the values it knows and leaves out anything else', () => {
    expect(parseAdoptQuery({ species: 'dog', children: 'yes', age: 'senior', page: '3' })).toEqual({
      filters: { species: 'dog', children: 'yes', age: 'senior' },
      page: 3,
    });
    expect(
      parseAdoptQuery({
        species: ['dog', 'cat'],
        sex: "male' or 1=1 --",
        age: 'x'.repeat(100_000),
        needs: { $ne: 1 },
        children: 'no',
        page: '-1',
        other: 'x',
      }),
    ).toEqual({ filters: {}, page: 1 });
    expect(parseAdoptQuery({ page: '1e9' }).page).toBe(1);
    expect(parseAdoptQuery({ page: '2.5' }).page).toBe(1);
  });
});
