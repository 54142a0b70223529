import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxDatabase } from '../../../test/test-emulator';
import { newOrder } from './entities';
import { openSandboxStore, type SandboxStore } from './store';

let store: SandboxStore;
let drop: () => Promise<void>;

beforeAll(async () => {
  const sandbox = await startSandboxDatabase();
  drop = sandbox.drop;
  store = await openSandboxStore(sandbox.database);
});
afterAll(() => drop());

const storedOrders = () => store.transaction((tx) => tx.list('order'));

describe('saving outside a transaction (batched per turn of the event loop)', () => {
  it('stores every entity saved in the same turn, in the order they were saved', async () => {
    const orders = Array.from({ length: 25 }, (_, index) => newOrder(100 + index, `receipt_${index}`, {}));
    await Promise.all(orders.map((order) => store.save(order)));

    const stored = await storedOrders();
    expect(stored.map((order) => order.id)).toEqual(orders.map((order) => order.id));
    expect(stored.map((order) => order.amount)).toEqual(orders.map((order) => order.amount));
  });

  it('fails only the caller whose entity PostgreSQL refuses; the others of its turn are stored', async () => {
    const before = (await storedOrders()).length;
    const [first, second] = [newOrder(500, 'good_1', {}), newOrder(600, 'good_2', {})];
    // jsonb cannot hold the NUL character.
    const refused = newOrder(700, 'refused', { note: 'a\u0000b' });

    const results = await Promise.allSettled([store.save(first), store.save(refused), store.save(second)]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = (await storedOrders()).slice(before);
    expect(stored.map((order) => order.receipt)).toEqual(['good_1', 'good_2']);
  });

  it('keeps the later of two saves of one id in the same turn, as one save after the other would', async () => {
    const order = newOrder(800, 'twice', {});
    await Promise.all([store.save(order), store.save({ ...order, status: 'attempted', attempts: 1 })]);

    const stored = await store.transaction((tx) => tx.find('order', order.id));
    expect(stored).toMatchObject({ status: 'attempted', attempts: 1 });
  });
});
