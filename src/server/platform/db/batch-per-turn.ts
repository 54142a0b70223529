import { isDatabaseUnavailable } from './database-unavailable';
import { isUnstorableText } from './unstorable-text';

/** PostgreSQL takes at most this many parameters in one statement. */
const MOST_PARAMETERS_PER_STATEMENT = 65_535;

/**
 * Group commit for the busiest statements: the calls made in one turn of the event loop (donors
 * starting together) are handed to `run` together, so they reach PostgreSQL as one statement. Under
 * load each statement's round trip and commit cost more than its rows do, and a batch of rows costs
 * about what one row does. Each caller still waits for, and gets, its own result.
 *
 * `run` answers one output per input, in the inputs' order; each input takes `parametersPerCall`
 * of the statement's parameters, which bounds a batch. When PostgreSQL refuses a batch (text it
 * cannot store, a constraint), nothing of it was written: each call is tried again alone, one after
 * another in call order, so only the refused one fails, as separate statements would have. When the
 * database cannot be reached, every caller gets that error at once: a batch whose connection died
 * may have been written, so it is not sent again.
 */
export function batchPerTurn<Input, Output>(
  run: (inputs: Input[]) => Promise<Output[]>,
  { parametersPerCall }: { parametersPerCall: number },
): (input: Input) => Promise<Output> {
  type Call = { input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void };
  const mostCallsPerBatch = Math.floor(MOST_PARAMETERS_PER_STATEMENT / parametersPerCall);
  let waiting: Call[] = [];

  const runAndSettle = async (calls: Call[]) => {
    const outputs = await run(calls.map((call) => call.input));
    if (outputs.length !== calls.length) {
      throw new Error(`a batch of ${calls.length} calls was answered with ${outputs.length} results`);
    }
    for (const [index, call] of calls.entries()) call.resolve(outputs[index] as Output);
  };

  const flush = async (calls: Call[]) => {
    try {
      await runAndSettle(calls);
    } catch (error) {
      const refused = isUnstorableText(error) || !isDatabaseUnavailable(error);
      if (calls.length === 1 || !refused) {
        for (const call of calls) call.reject(error);
        return;
      }
      for (const call of calls) await runAndSettle([call]).catch(call.reject);
    }
  };

  return (input) =>
    new Promise((resolve, reject) => {
      const size = waiting.push({ input, resolve, reject });
      if (size === 1) {
        const batch = waiting;
        setImmediate(() => {
          if (waiting === batch) waiting = [];
          void flush(batch);
        });
      } else if (size === mostCallsPerBatch) {
        waiting = [];
      }
    });
}
