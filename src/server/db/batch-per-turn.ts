/** More calls than this in one turn start a second batch: PostgreSQL takes at most 65,535 parameters a statement. */
const MOST_CALLS_PER_BATCH = 1000;

/**
 * Group commit for the busiest statements: the calls made in one turn of the event loop (donors
 * starting together) are handed to `run` together, so they reach PostgreSQL as one statement. Under
 * load each statement's round trip and commit cost more than its rows do, and a batch of rows costs
 * about what one row does. Each caller still waits for, and gets, its own result.
 *
 * `run` answers one output per input, in the inputs' order. If a batch fails, each of its calls is
 * run again alone, all at once: an input PostgreSQL refuses (text it cannot store) fails only its
 * own caller, and in an outage each caller gets the outage's own error after one more wait, not one
 * wait per call.
 */
export function batchPerTurn<Input, Output>(
  run: (inputs: Input[]) => Promise<Output[]>,
): (input: Input) => Promise<Output> {
  type Call = { input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void };
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
      if (calls.length === 1) calls[0]?.reject(error);
      else await Promise.all(calls.map((call) => runAndSettle([call]).catch(call.reject)));
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
      } else if (size === MOST_CALLS_PER_BATCH) {
        waiting = [];
      }
    });
}
