import { describe, expect, it } from 'vitest';
import { batchPerTurn } from './batch-per-turn';

/** A batch runner that records each batch it was given and doubles every number, refusing negatives. */
function doubler() {
  const batches: number[][] = [];
  const call = batchPerTurn(
    async (inputs: number[]) => {
      batches.push(inputs);
      if (inputs.some((input) => input < 0)) throw new Error(`refused ${inputs.join(',')}`);
      return inputs.map((input) => input * 2);
    },
    { parametersPerCall: 100 },
  );
  return { call, batches };
}

describe('batchPerTurn', () => {
  it('runs the calls of one turn as one batch, and answers each caller with its own result', async () => {
    const { call, batches } = doubler();

    const results = await Promise.all([1, 2, 3].map(call));

    expect(results).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('starts a new batch for calls made in a later turn', async () => {
    const { call, batches } = doubler();

    await call(1);
    await Promise.all([call(2), call(3)]);

    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('runs each call of a refused batch alone, in call order, so only the refused one fails', async () => {
    const { call, batches } = doubler();

    const results = await Promise.allSettled([call(1), call(-1), call(2)]);

    expect(results).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('refused -1') },
      { status: 'fulfilled', value: 4 },
    ]);
    expect(batches).toEqual([[1, -1, 2], [1], [-1], [2]]);
  });

  it('in an outage gives every caller the error at once, and sends nothing again', async () => {
    let attempts = 0;
    const call = batchPerTurn(
      async (_inputs: string[]) => {
        attempts += 1;
        // node-postgres's words when the server goes away mid-statement (platform/db/database-unavailable.ts).
        throw new Error('Connection terminated unexpectedly');
      },
      { parametersPerCall: 1 },
    );

    const results = await Promise.allSettled(['a', 'b'].map(call));

    expect(results.map((result) => result.status === 'rejected' && (result.reason as Error).message)).toEqual([
      'Connection terminated unexpectedly',
      'Connection terminated unexpectedly',
    ]);
    expect(attempts).toBe(1);
  });

  it('fails the callers, never answers them wrongly, when a batch returns the wrong number of results', async () => {
    const call = batchPerTurn(async (inputs: number[]) => inputs.slice(1), { parametersPerCall: 1 });

    const results = await Promise.allSettled([call(1), call(2)]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });

  it('splits a turn into batches of at most 65,535 parameters, the most PostgreSQL takes', async () => {
    const { call, batches } = doubler();

    const results = await Promise.all(Array.from({ length: 1500 }, (_, index) => call(index)));

    expect(results[1499]).toBe(2998);
    // 100 parameters a call: 655 calls a batch.
    expect(batches.map((batch) => batch.length)).toEqual([655, 655, 190]);
  });
});
