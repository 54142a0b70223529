import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAnimal } from '../../test/animal-fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { moveAnimal } from './move-animal';

const actor = { userId: null, username: 'volunteer', ip: '127.0.0.1' };
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('moveAnimal', () => {
  it('moves an animal, dates the move, keeps its timeline row and the audit entry', async () => {
    const em = db.orm.em.fork();
    const { id } = await seedAnimal(em, { status: 'adoptable', intakeOn: '2026-06-01' });
    const moved = await em.transactional((tx) =>
      moveAnimal(tx, actor, { animalId: id, to: 'reserved', onDate: '2026-11-20', note: 'Family met him' }),
    );
    expect(moved).toEqual({ animalId: id, from: 'adoptable', to: 'reserved', onDate: '2026-11-20' });
    const [animal] = await em.execute(
      `select status, to_char(status_on, 'YYYY-MM-DD') as on from animals where id = ?`,
      [id],
    );
    expect(animal).toEqual({ status: 'reserved', on: '2026-11-20' });
    const changes = await em.execute(
      'select from_status, to_status, note, recorded_by from animal_status_changes where animal_id = ?',
      [id],
    );
    expect(changes).toEqual([
      { from_status: 'adoptable', to_status: 'reserved', note: 'Family met him', recorded_by: 'volunteer' },
    ]);
    const [entry] = await em.execute(
      `select action, details from staff_audit where action = 'animal_moved' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({
      action: 'animal_moved',
      details: { animalId: id, from: 'adoptable', to: 'reserved' },
    });
  });

  it('refuses a move the rules do not allow, a day in the future or before the intake, an unknown animal', async () => {
    const em = db.orm.em.fork();
    const { id } = await seedAnimal(em, { status: 'died', intakeOn: '2026-06-01' });
    await expect(
      em.transactional((tx) => moveAnimal(tx, actor, { animalId: id, to: 'adoptable' })),
    ).rejects.toMatchObject({
      kind: 'CONFLICT',
      field: 'to',
    });
    const { id: other } = await seedAnimal(em, { status: 'in-care', intakeOn: '2026-06-01' });
    const now = new Date('2026-11-29T06:00:00Z');
    await expect(
      em.transactional((tx) => moveAnimal(tx, actor, { animalId: other, to: 'adoptable', onDate: '2026-11-30' }, now)),
    ).rejects.toMatchObject({ kind: 'BAD_REQUEST', field: 'onDate' });
    await expect(
      em.transactional((tx) => moveAnimal(tx, actor, { animalId: other, to: 'adoptable', onDate: '2026-05-31' }, now)),
    ).rejects.toMatchObject({ kind: 'BAD_REQUEST', field: 'onDate' });
    await expect(
      em.transactional((tx) => moveAnimal(tx, actor, { animalId: 999_999, to: 'adoptable' })),
    ).rejects.toMatchObject({
      kind: 'NOT_FOUND',
    });
    const [unchanged] = await em.execute('select status from animals where id = ?', [other]);
    expect(unchanged).toEqual({ status: 'in-care' });
  });

  it('lets only one of two staff reserve the same animal at once', async () => {
    const { id } = await seedAnimal(db.orm.em.fork(), { status: 'adoptable' });
    const attempt = () =>
      db.orm.em.fork().transactional((tx) => moveAnimal(tx, actor, { animalId: id, to: 'reserved' }));
    const results = await Promise.allSettled([attempt(), attempt()]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});
