import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAnimal } from '../../test/animal-fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { countImpactFigures } from './impact-counts';
import { moveAnimal } from './move-animal';

const actor = { userId: null, username: 'volunteer', ip: '127.0.0.1' };
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('the impact figures counted from the records', () => {
  it('counts adoptions, sterilisations and rescues since a day, and the animals in care now', async () => {
    const em = db.orm.em.fork();
    const adopt = async (onDate: string, intakeOn = '2026-01-10') => {
      const { id } = await seedAnimal(em, { status: 'adoptable', intakeOn, intakeKind: 'handed-over' });
      await em.transactional((tx) => moveAnimal(tx, actor, { animalId: id, to: 'adopted', onDate }));
      return id;
    };
    await adopt('2026-02-01');
    await adopt('2026-07-01');
    const returnedAndAdoptedAgain = await adopt('2026-08-01');
    await em.transactional(async (tx) => {
      await moveAnimal(tx, actor, { animalId: returnedAndAdoptedAgain, to: 'in-care', onDate: '2026-08-10' });
      await moveAnimal(tx, actor, { animalId: returnedAndAdoptedAgain, to: 'adoptable', onDate: '2026-08-11' });
      await moveAnimal(tx, actor, { animalId: returnedAndAdoptedAgain, to: 'adopted', onDate: '2026-09-01' });
    });
    const sterilised = await seedAnimal(em, { status: 'in-care', intakeOn: '2026-03-01', intakeKind: 'rescued' });
    await em.execute(`update animals set sterilised = true, sterilised_on = '2026-07-15' where id = ?`, [
      sterilised.id,
    ]);
    await seedAnimal(em, { status: 'resident', intakeOn: '2025-12-01', intakeKind: 'rescued' });
    await seedAnimal(em, { status: 'died', intakeOn: '2026-05-01', intakeKind: 'rescued' });

    const counts = await countImpactFigures(em, [
      { count: { of: 'rehomed', since: '2026-06-01' } },
      {},
      { count: { of: 'rehomed', since: '2026-01-01' } },
      { count: { of: 'sterilised', since: '2026-07-01' } },
      { count: { of: 'sterilised', since: '2026-08-01' } },
      { count: { of: 'rescued', since: '2026-01-01' } },
      { count: { of: 'in-care' } },
    ]);
    // An animal adopted twice since the day counts once.
    expect(counts).toEqual([2, null, 3, 1, 0, 2, 2]);
    expect(await countImpactFigures(em, [{}, {}])).toEqual([null, null]);
  });
});
