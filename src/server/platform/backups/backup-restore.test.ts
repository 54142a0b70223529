import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { RazorpayEmulator } from '../../gifts/payments/sandbox/emulator';
import { donationBody } from '../../test/donation-fixtures';
import { createEmptyDatabase, type EmptyDatabase } from '../../test/empty-database';
import { createTestApp, deliverSandboxWebhooks, type TestApp } from '../../test/test-app';
import { createContextInner } from '../../transports/trpc/context';
import { createCaller } from '../../transports/trpc/router';
import { buildDependencies } from '../../wiring/composition-root';
import { ENTITIES } from '../../wiring/entities';
import { prepareUnmigratedSchemas } from '../../wiring/unmigrated-schemas';
import { createLogger } from '../core/logger';
import { checksumFileOf } from '../db/logical-backup';
import { type Orm, openDatabase } from '../db/orm';
import { RestoreRefused, restoreDatabase } from '../db/restore-database';
import { createBackupRunner } from './backup-runner';
import { backupStatus } from './backup-status';
import { startNightlyBackups } from './nightly-backups';
import { type BackupTaken, takeBackup } from './take-backup';

/**
 * The restore drill: a backup taken while donations are being paid, restored into a fresh
 * database, holds exactly what the database held at the backup's instant (read through the same
 * snapshot), and the next receipt issued there continues the numbering.
 */
let t: TestApp;
let dir: string;
let target: EmptyDatabase;
beforeAll(async () => {
  t = await createTestApp();
  deliverSandboxWebhooks(t);
  await t.addAccount('asha', 'admin');
  dir = await mkdtemp(join(tmpdir(), 'rescue-backups-'));
  target = await createEmptyDatabase('restore');
});
afterAll(async () => {
  await t.close();
  await target.drop();
  await rm(dir, { recursive: true, force: true });
});

const restoreOptions = { entities: ENTITIES, prepareSchemas: prepareUnmigratedSchemas };

/** What the drill compares: every paid donation, receipt, audit row and receipt counter. */
async function records(client: pg.Client) {
  const all = async (sql: string) => (await client.query(sql)).rows;
  return {
    paidDonations: await all(`select * from donations where status = 'paid' order by id`),
    receipts: await all('select * from receipts order by id'),
    audit: await all('select * from staff_audit order by id'),
    counters: await all('select * from receipt_counters order by financial_year'),
  };
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client(url);
  await client.connect();
  return client;
}

async function count(url: string, sql: string): Promise<number> {
  const client = await connect(url);
  try {
    return Number((await client.query<{ count: string }>(sql)).rows[0]?.count);
  } finally {
    await client.end();
  }
}

/** Donors giving and paying (verify and webhook both settling), staff signing in (audit rows), until told to stop. */
function startLoad() {
  let stopping = false;
  const worker = async (w: number) => {
    for (let i = 0; !stopping; i += 1) {
      const created = await t.caller.donation.create(
        donationBody({ email: `donor-${w}-${i}@example.com`, name: `Donor ${w} ${i}`, amount: 10000 * (w + 1) }),
      );
      const success = await t.emulator.completePayment({ orderId: created.order.id });
      // The donor's browser verifies (the webhook races it), as the checkout does.
      await t.caller.payment.verify({ ...success, donation_id: created.donation.id } as never);
      if (i % 4 === 0) await t.signIn('asha');
    }
  };
  const workers = [0, 1, 2, 3].map(worker);
  return {
    async stop() {
      stopping = true;
      await Promise.all(workers);
      await t.emulator.webhooksIdle();
    },
  };
}

let taken: BackupTaken;
let atBackup: Awaited<ReturnType<typeof records>>;
let paidAfterLoad: number;

describe('a backup taken while donations are paid', () => {
  it('is the database at one instant, with its size and checksum', async () => {
    const load = startLoad();
    const paid = `select count(*) from donations where status = 'paid'`;
    while ((await count(t.db.url, paid)) < 12) await new Promise((resolve) => setTimeout(resolve, 20));

    // A second reader of the backup's own snapshot: what "the backup's moment" held.
    const moment = await connect(t.db.url);
    try {
      taken = await takeBackup(
        { em: t.db.orm.em.fork(), url: t.db.url },
        {
          dir,
          kind: 'manual',
          onSnapshot: async (snapshot) => {
            await moment.query('begin isolation level repeatable read read only');
            await moment.query(`set transaction snapshot '${snapshot}'`);
          },
        },
      );
      // Let donations go on being paid after the backup's instant, then settle.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await load.stop();
      atBackup = await records(moment);
      await moment.query('commit');
    } finally {
      await moment.end();
    }

    paidAfterLoad = await count(t.db.url, paid);
    expect(atBackup.paidDonations.length).toBeGreaterThanOrEqual(12);
    expect(atBackup.receipts.length).toBe(atBackup.paidDonations.length);
    expect(atBackup.audit.length).toBeGreaterThan(0);
    // The load went on past the backup's instant: the source has paid donations the backup has not.
    expect(paidAfterLoad).toBeGreaterThan(atBackup.paidDonations.length);

    expect(basename(taken.file)).toMatch(/^rescue-\d{8}-\d{6}-manual\.backup\.gz$/);
    const bytes = await readFile(taken.file);
    expect(bytes.length).toBe(taken.bytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(taken.sha256);
    expect(await readFile(checksumFileOf(taken.file), 'utf8')).toBe(`${taken.sha256}  ${basename(taken.file)}\n`);
    const donations = taken.header.tables.find((table) => table.name === 'donations');
    expect(donations?.rows).toBeGreaterThanOrEqual(atBackup.paidDonations.length);
    expect(taken.header.tables.map((table) => `${table.schema}.${table.name}`)).toContain('razorpay_sandbox.entities');

    // Recorded for the console's overview.
    const status = await backupStatus(t.db.orm.em.fork());
    expect(status).toMatchObject({ lastTakenAt: taken.takenAt.toISOString(), kind: 'manual', stale: false });
    expect(status.sizeBytes).toBe(taken.bytes);
    const inThreeDays = new Date(taken.takenAt.getTime() + 3 * 24 * 60 * 60 * 1000);
    expect((await backupStatus(t.db.orm.em.fork(), inThreeDays)).stale).toBe(true);
  });

  it('restores into a fresh database every paid donation, receipt and audit row of that instant', async () => {
    const result = await restoreDatabase({ url: target.url, file: taken.file, ...restoreOptions });
    expect(result.sha256).toBe(taken.sha256);
    expect(result.dropped).toEqual([]);
    const restored = await connect(target.url);
    try {
      expect(await records(restored)).toEqual(atBackup);
      for (const table of taken.header.tables) {
        const { rows } = await restored.query<{ count: string }>(
          `select count(*) from "${table.schema}"."${table.name}"`,
        );
        expect({ table: table.name, rows: Number(rows[0]?.count) }).toEqual({ table: table.name, rows: table.rows });
      }
      const { rows: migrated } = await restored.query<{ name: string }>(
        'select name from mikro_orm_migrations order by id',
      );
      expect(migrated.map((row) => row.name)).toEqual(taken.header.migrations);
    } finally {
      await restored.end();
    }
  });

  it('issues the next receipt after the restore with the next number: no gap, no repeat', async () => {
    let orm: Orm | undefined;
    const deps = await (async () => {
      orm = await openDatabase(target.url, ENTITIES);
      return buildDependencies(t.config, orm);
    })();
    try {
      const app = await buildApp({ config: t.config, deps, logger: createLogger({ env: 'test', logLevel: 'silent' }) });
      const emulator = deps.emulator as RazorpayEmulator;
      deliverSandboxWebhooks({ app, emulator });
      const caller = createCaller(createContextInner(deps));
      const created = await caller.donation.create(donationBody({ email: 'after-restore@example.com' }));
      await emulator.completePayment({ orderId: created.order.id });
      await emulator.webhooksIdle();

      const receipts = await orm?.em
        .fork()
        .execute<{ financial_year: string; sequence: number; number: string; donation_id: number }[]>(
          'select financial_year, sequence, number, donation_id from receipts order by financial_year, sequence',
        );
      const next = receipts?.find((receipt) => receipt.donation_id === created.donation.id);
      const year = next?.financial_year as string;
      const before = atBackup.receipts.filter((receipt) => receipt.financial_year === year);
      expect(next?.sequence).toBe(before.length + 1);
      expect(before.map((receipt) => receipt.number)).not.toContain(next?.number);
      // The year's numbers run 1, 2, … N+1.
      const sequences = receipts?.filter((receipt) => receipt.financial_year === year).map((r) => r.sequence);
      expect(sequences).toEqual(Array.from({ length: before.length + 1 }, (_, index) => index + 1));
      await app.close();
    } finally {
      await deps.close();
      await orm?.close();
    }
  });

  it('refuses a database that is not empty, and with force drops it and restores the backup again', async () => {
    const refusal = restoreDatabase({ url: target.url, file: taken.file, ...restoreOptions });
    await expect(refusal).rejects.toThrow(RestoreRefused);
    await expect(refusal).rejects.toThrow(/the database is not empty \(\d+ table\(s\) holding \d+ row\(s\)/);
    // Untouched: the donation paid after the restore is still there.
    expect(await count(target.url, `select count(*) from donations where email = 'after-restore@example.com'`)).toBe(1);

    const forced = await restoreDatabase({ url: target.url, file: taken.file, force: true, ...restoreOptions });
    expect(forced.dropped.length).toBeGreaterThan(0);
    expect(await count(target.url, `select count(*) from donations where email = 'after-restore@example.com'`)).toBe(0);
    const restored = await connect(target.url);
    try {
      expect(await records(restored)).toEqual(atBackup);
    } finally {
      await restored.end();
    }
  });

  it('refuses a database another session uses (a running server)', async () => {
    const busy = await createEmptyDatabase('restore_busy');
    const server = await connect(busy.url);
    try {
      await expect(restoreDatabase({ url: busy.url, file: taken.file, ...restoreOptions })).rejects.toThrow(
        /1 other session\(s\) are connected to the database/,
      );
    } finally {
      await server.end();
      await busy.drop();
    }
  });

  it('refuses a file whose checksum does not match, or has none, and changes nothing', async () => {
    const copy = join(dir, 'damaged.backup.gz');
    await copyFile(taken.file, copy);
    await copyFile(checksumFileOf(taken.file), checksumFileOf(copy));
    const handle = await open(copy, 'r+');
    const middle = Math.floor(taken.bytes / 2);
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, middle);
    byte[0] = (byte[0] ?? 0) ^ 0xff;
    await handle.write(byte, 0, 1, middle);
    await handle.close();

    const empty = await createEmptyDatabase('restore_refused');
    try {
      await expect(restoreDatabase({ url: empty.url, file: copy, ...restoreOptions })).rejects.toThrow(
        /checksum mismatch: the file's SHA-256 is [0-9a-f]{64}, .* says [0-9a-f]{64}/,
      );
      await rm(checksumFileOf(copy));
      await expect(restoreDatabase({ url: empty.url, file: copy, ...restoreOptions })).rejects.toThrow(
        /damaged\.backup\.gz\.sha256 is missing/,
      );
      // Without a checksum, gzip's own check still stops it: the rows go in all or not at all.
      await expect(
        restoreDatabase({ url: empty.url, file: copy, skipChecksum: true, ...restoreOptions }),
      ).rejects.toThrow(/Nothing was copied: the database holds the schema only/);
      expect(await count(empty.url, 'select count(*) from donations')).toBe(0);
      expect(await count(empty.url, 'select count(*) from receipts')).toBe(0);
    } finally {
      await empty.drop();
    }
  });

  it('is taken by the server at night, or soon after a start that missed one, and old ones pruned', async () => {
    const nightlyDir = join(dir, 'nightly');
    const log = createLogger({ env: 'test', logLevel: 'silent' });
    const settings = { url: t.db.url, dir: nightlyDir, keepDaily: 1, keepMonthly: 0 };
    const stale = join(nightlyDir, 'rescue-20200101-023000-nightly.backup.gz');
    await takeBackup({ em: t.db.orm.em.fork(), url: t.db.url }, { dir: nightlyDir, kind: 'manual' });
    await writeFile(stale, 'an old one');
    // No nightly backup since the last 02:30: one is taken right after the start (here at once).
    const backups = createBackupRunner({ orm: t.db.orm, cipher: t.deps.cipher, log }, settings);
    const job = startNightlyBackups({ orm: t.db.orm, log, backups }, { catchUpAfterMs: 0 });
    const nightly = `select count(*) from backups where kind = 'nightly'`;
    while ((await count(t.db.url, nightly)) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await job.stop();
    const files = (await readdir(nightlyDir)).filter((name) => name.endsWith('.gz'));
    expect(files.filter((name) => name.includes('-manual'))).toHaveLength(1);
    expect(files.filter((name) => name.includes('-nightly'))).toEqual([
      expect.stringMatching(/^rescue-\d{8}-\d{6}-nightly\.backup\.gz$/),
    ]);
    expect(files).not.toContain(basename(stale));
  });
});
