// `npm run bench:import`: the console's import of gifts received outside the website, with a file
// of BENCH_ROWS rows (5,000) of every mode, through the real HTTP route on a test app (its own
// embedded PostgreSQL, an in-process mail server). Prints the median time of BENCH_RUNS (5) checks
// (the preview: every row read, checked and looked up, nothing written) against the goal of 5 s,
// then the time to write them all on confirmation, and the check of the same file again (every
// row already recorded).
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startEmbeddedPostgres } from '../src/server/platform/db/embedded-postgres';
import { createTestApp } from '../src/server/test/test-app';
import { indiaToday } from '../src/shared/offline-gift.schema';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROWS = Number(process.env.BENCH_ROWS ?? 5_000);
const CHECK_GOAL_MS = 5_000;

const today = indiaToday();
const HEADER =
  'name,email,phone,amount_rupees,mode,received_on,purpose,reference,bank,instrument_date,kind_description,pan,address';
function row(i: number): string {
  const donor = `Donor ${i},donor${i}@example.com,9${String(i).padStart(9, '0')}`;
  switch (i % 5) {
    case 0:
      return `${donor},5000.50,cheque,${today},medical,${String(100000 + i).slice(-6)},Indian Bank ${i},${today},,ABCDE${String(i % 10000).padStart(4, '0')}F,"${i} Gandhi Street, Adyar, Chennai 600020"`;
    case 1:
      return `${donor},3000,neft,${today},,SBIN${String(i).padStart(12, '0')},,,,,`;
    case 2:
      return `${donor},1500,cash,${today},food,V${i},,,,,`;
    case 3:
      return `${donor},12000,kind,${today},,,,,"Rice, ${i} kg",,`;
    default:
      return `${donor},2500,demand-draft,${today},rescue,${String(10000000 + i)},Canara Bank,${today},,,`;
  }
}
const file = [HEADER, ...Array.from({ length: ROWS }, (_, i) => row(i + 1))].join('\n');

const dataDir = join(tmpdir(), `bench-import-${process.pid}`);
const embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
process.env.TEST_ADMIN_DATABASE_URL = embedded.url;
const t = await createTestApp();
try {
  await t.addAccount('bench', 'staff');
  const token = await t.signIn('bench');
  const post = async (confirm: boolean) => {
    const started = performance.now();
    const response = await t.app.inject({
      method: 'POST',
      url: `/staff/api/offline-gifts/import${confirm ? '?confirm=1' : ''}`,
      headers: { cookie: `staff_session=${token}`, 'content-type': 'text/csv' },
      payload: file,
    });
    const ms = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`import answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    return { ms, counts: response.json().counts };
  };
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const checks: number[] = [];
  let counts: unknown;
  for (let run = 0; run < RUNS; run++) {
    const check = await post(false);
    checks.push(check.ms);
    counts = check.counts;
  }
  const checkMs = median(checks);
  console.log(`file: ${ROWS} rows, ${(file.length / 1024).toFixed(0)} KiB; preview counts ${JSON.stringify(counts)}`);
  console.log(
    `check (preview), median of ${RUNS}: ${checkMs.toFixed(0)} ms (goal ≤ ${CHECK_GOAL_MS} ms: ${checkMs <= CHECK_GOAL_MS ? 'met' : 'NOT met'}; ${(checkMs / CHECK_GOAL_MS).toFixed(2)} of it)`,
  );
  const write = await post(true);
  console.log(`write on confirmation (once): ${write.ms.toFixed(0)} ms, counts ${JSON.stringify(write.counts)}`);
  const again = await post(false);
  console.log(`check of the same file again: ${again.ms.toFixed(0)} ms, counts ${JSON.stringify(again.counts)}`);
} finally {
  await t.close();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}
