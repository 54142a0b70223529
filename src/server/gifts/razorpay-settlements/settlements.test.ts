import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, type TestApp } from '../../test/test-app';
import { sdkClient } from '../../test/test-emulator';
import { postWebhook, razorpayEvent } from '../../test/webhook-fixtures';
import { feeOn } from '../payments/sandbox/settlements';
import { fetchSettlements } from './fetch-settlements';
import { startSettlementFetchJob } from './settlement-fetch-job';

/** Razorpay's settlements, the whole way offline: the sandbox settles, the app stores and shows. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  deliverSandboxWebhooks(t);
  await t.addAccount('accountant', 'staff');
  token = await t.signIn('accountant');
});
afterAll(() => t.close());

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.orm.em.fork().execute<T[]>(text, params);
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const fetchNow = () => fetchSettlements({ orm: t.db.orm, gateway: t.deps.gateway, log: quiet });

/** A one-time donation, paid in the sandbox's checkout; its Razorpay payment id. */
async function paid(amount: number): Promise<string> {
  const created = await t.caller.donation.create(donationBody({ amount }));
  const payment = await t.emulator.completePayment({ orderId: created.order.id });
  await t.emulator.webhooksIdle();
  return payment.razorpay_payment_id;
}

async function settleAll() {
  const settlement = await t.emulator.settle({ capturedBy: new Date() });
  await t.emulator.webhooksIdle();
  return settlement;
}

interface Entry {
  entity_id: string;
  settlement_id: string;
  type: string;
  payment_id: string;
  gross: number;
  fee: number;
  tax: number;
  adjustment: number;
  net: number;
}
const entriesOf = (settlementId: string) =>
  sql<Entry>('select * from settlement_entries where settlement_id = ? order by type, entity_id', [settlementId]);
const counts = async () =>
  (
    await sql<{ settlements: number; entries: number }>(
      `select (select count(*)::int from settlements) as settlements,
              (select count(*)::int from settlement_entries) as entries`,
    )
  )[0];

/** Rupees as the CSV writes them (`-1234.50`), back to paise. */
const paise = (value: string) => (value === '' ? 0 : Math.round(Number(value) * 100));

let first: { id: string; payments: string[]; refunded: string };

describe('a settlement from the sandbox', () => {
  it('waits two days after capture before settling', async () => {
    await paid(100000);
    expect(await t.emulator.settle()).toBeNull();
    expect((await counts())?.settlements).toBe(0);
  });

  it('settles the captured payments less 2% and 18% GST on it, less a refund, reconciled against its payments', async () => {
    const payments = [await paid(50050), await paid(123457)];
    const [all] = await sql<{ ids: string[] }>(
      `select array_agg(razorpay_payment_id) as ids from donations where status = 'paid'`,
    );
    const refunded = payments[1] as string;
    await t.emulator.refundPayment(refunded, 23457);
    await t.emulator.webhooksIdle();

    const settlement = await settleAll();
    expect(settlement).not.toBeNull();
    const id = settlement?.id as string;
    first = { id, payments: all?.ids ?? [], refunded };

    // The webhook stored it, and its lines from Razorpay's report.
    const [event] = await sql<{ outcome: string }>(
      `select outcome from webhook_events where type = 'settlement.processed'`,
    );
    expect(event?.outcome).toBe('settlement_recorded');
    const [stored] = await sql<Record<string, unknown>>('select * from settlements where id = ?', [id]);
    expect(stored).toMatchObject({ utr: settlement?.utr, amount: settlement?.amount, adjustments: 0 });
    expect(stored?.entries_fetched_at).not.toBeNull();

    const entries = await entriesOf(id);
    const paymentLines = entries.filter((entry) => entry.type === 'payment');
    expect(paymentLines.map((entry) => entry.entity_id).sort()).toEqual([...first.payments].sort());
    for (const line of paymentLines) {
      const { fee, tax } = feeOn(line.gross);
      expect({ fee: line.fee + line.tax, tax: line.tax }).toEqual({ fee, tax });
      expect(line.tax).toBe(Math.round((line.fee * 18) / 100));
      expect(line.net).toBe(line.gross - line.fee - line.tax);
    }
    // ₹1,000.00: a 2% fee of ₹20.00 and 18% GST on it, ₹3.60.
    expect(paymentLines.find((line) => line.gross === 100000)).toMatchObject({ fee: 2000, tax: 360, net: 97640 });
    expect(entries.filter((entry) => entry.type === 'refund')).toEqual([
      expect.objectContaining({ payment_id: refunded, gross: -23457, fee: 0, tax: 0, net: -23457 }),
    ]);

    // gross − fee − tax = net, for the settlement as for each line, and net is what reached the bank.
    const sum = (pick: (entry: Entry) => number) => entries.reduce((total, entry) => total + pick(entry), 0);
    expect(sum((e) => e.gross) - sum((e) => e.fee) - sum((e) => e.tax)).toBe(settlement?.amount);
    expect(sum((e) => e.net)).toBe(settlement?.amount);
    expect(stored?.fee).toBe(sum((e) => e.fee));
    expect(stored?.tax).toBe(sum((e) => e.tax));
    expect((stored?.fee as number) + (stored?.tax as number)).toBe(settlement?.fees);
  });

  it('carries each payment in exactly one settlement', async () => {
    const later = await paid(77700);
    const second = await settleAll();
    const entries = await entriesOf(second?.id as string);
    expect(entries.map((entry) => [entry.type, entry.entity_id])).toEqual([['payment', later]]);
    const perPayment = await sql<{ payment_id: string; settlements: number }>(
      `select payment_id, count(distinct settlement_id)::int as settlements from settlement_entries
        where type = 'payment' group by payment_id`,
    );
    expect(perPayment.map((row) => row.payment_id).sort()).toEqual([...first.payments, later].sort());
    expect(perPayment.every((row) => row.settlements === 1)).toBe(true);
    // Nothing left to settle.
    expect(await settleAll()).toBeNull();
  });

  it('stores a settlement once, whether the webhook or the daily fetch reports it, however often', async () => {
    const before = await counts();
    expect(await fetchNow()).toEqual({ settlements: 0, withEntries: 0, entries: 0 });
    expect(await fetchNow()).toEqual({ settlements: 0, withEntries: 0, entries: 0 });
    // Razorpay delivering the same settlement again, as another event.
    const { keyId, keySecret, webhookSecret } = t.deps.razorpay;
    const entity = await sdkClient(t.emulator.url, keyId, keySecret).settlements.fetch(first.id);
    const again = await postWebhook(
      t.app,
      webhookSecret,
      razorpayEvent('settlement.processed', { settlement: entity }),
    );
    expect(again.json()).toMatchObject({ outcome: 'already_recorded' });
    // One it cannot read is kept as ignored, not refused (Razorpay would retry it for a day).
    const { created_at: _unreadable, ...mangled } = entity;
    const odd = await postWebhook(t.app, webhookSecret, razorpayEvent('settlement.processed', { settlement: mangled }));
    expect(odd.statusCode).toBe(200);
    expect(odd.json()).toMatchObject({ outcome: 'ignored' });
    expect(await counts()).toEqual(before);
  });

  it('stores a settlement whose webhook never came from the daily fetch, once', async () => {
    const payment = await paid(31400);
    t.emulator.deliverWebhooksTo(async () => {});
    const settlement = await settleAll();
    deliverSandboxWebhooks(t);
    expect(await sql('select id from settlements where id = ?', [settlement?.id])).toEqual([]);

    expect(await fetchNow()).toEqual({ settlements: 1, withEntries: 1, entries: 1 });
    expect((await entriesOf(settlement?.id as string)).map((entry) => entry.entity_id)).toEqual([payment]);
    const after = await counts();
    expect(await fetchNow()).toEqual({ settlements: 0, withEntries: 0, entries: 0 });
    expect(await counts()).toEqual(after);
  });

  it('keeps a settlement whose report Razorpay did not give, and completes it at the next fetch', async () => {
    await paid(10000);
    t.emulator.failNextRequests(1);
    const settlement = await settleAll();
    const list = await callProcedure(t.app, 'staff.settlements.list', 'query', { token, input: {} });
    const row = list.json().result.data.settlements.find((item: { id: string }) => item.id === settlement?.id);
    expect(row).toMatchObject({ awaitingReport: true, gross: null, net: settlement?.amount, payments: 0 });

    expect(await fetchNow()).toMatchObject({ settlements: 0, withEntries: 1, entries: 1 });
    const lines = await callProcedure(t.app, 'staff.settlements.lines', 'query', {
      token,
      input: { id: settlement?.id },
    });
    expect(lines.json().result.data).toEqual([
      expect.objectContaining({ type: 'payment', gross: 10000, fee: 200, tax: 36, adjustment: 0, net: 9764 }),
    ]);
  });
});

describe('the console and the accountant’s CSV', () => {
  it('lists the payments captured but not settled yet', async () => {
    const waiting = await paid(45600);
    const list = (await callProcedure(t.app, 'staff.settlements.list', 'query', { token, input: {} })).json().result
      .data;
    expect(list.unsettled).toMatchObject({ count: 1, amount: 45600 });
    expect(list.unsettled.items.map((item: { paymentId: string }) => item.paymentId)).toContain(waiting);
    expect(list.unsettled.items.every((item: { donationId: number }) => item.donationId > 0)).toBe(true);
  });

  it('shows every total as the sum of the CSV’s rows', async () => {
    const list = (await callProcedure(t.app, 'staff.settlements.list', 'query', { token, input: {} })).json().result
      .data;
    expect(list.settlements).toHaveLength(4);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/staff/api/settlements.csv?year=${list.year}`,
      headers: { cookie: `staff_session=${token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows: Record<string, string>[] = parse(csv.body, { columns: true, bom: true });
    expect(rows.length).toBe(
      list.settlements.reduce((n: number, s: { payments: number; refunds: number }) => n + s.payments + s.refunds, 0),
    );

    const columns = {
      gross: 'Gross (₹)',
      fee: 'Razorpay fee (₹)',
      tax: 'GST on the fee (₹)',
      adjustments: 'Adjustment (₹)',
      net: 'Net (₹)',
    } as const;
    const sumOf = (of: Record<string, string>[], column: string) =>
      of.reduce((n, row) => n + paise(row[column] ?? ''), 0);
    for (const [figure, column] of Object.entries(columns)) {
      expect(sumOf(rows, column)).toBe(list.totals[figure]);
      for (const settlement of list.settlements) {
        const own = rows.filter((row) => row['Settlement id'] === settlement.id);
        expect(sumOf(own, column)).toBe(settlement[figure]);
      }
    }
    for (const row of rows) {
      const [gross, fee, tax, adjustment, net] = Object.values(columns).map((column) => paise(row[column] ?? ''));
      expect(net).toBe((gross ?? 0) - (fee ?? 0) - (tax ?? 0) + (adjustment ?? 0));
    }
    // Each settlement's net rows add up to what Razorpay credited against its UTR.
    for (const settlement of list.settlements) {
      expect(settlement.net).toBe(settlement.reportedNet);
      expect(
        rows.filter((row) => row['Settlement id'] === settlement.id).every((row) => row.UTR === settlement.utr),
      ).toBe(true);
    }
    // The refund is on the row of the payment it returns, with its donation and receipt.
    const refund = rows.find((row) => row.Type === 'refund');
    expect(refund).toMatchObject({ 'Payment id': first.refunded, 'Gross (₹)': '-234.57', 'Net (₹)': '-234.57' });
    expect(refund?.Receipt).toMatch(/\/\d{6}$/);
  });

  it('lists an awaited report as one row: what reached the bank, with no gross', async () => {
    // Settled with the ₹456.00 waiting above: fees ₹4.00 + ₹9.12, GST ₹0.72 + ₹1.64.
    await paid(20000);
    t.emulator.failNextRequests(1);
    const settlement = await settleAll();
    const lines = (
      await callProcedure(t.app, 'staff.settlements.lines', 'query', { token, input: { id: settlement?.id } })
    ).json().result.data;
    expect(lines).toEqual([
      expect.objectContaining({
        type: 'awaiting report',
        gross: null,
        fee: 1312,
        tax: 236,
        adjustment: null,
        net: 64052,
      }),
    ]);
    const list = (await callProcedure(t.app, 'staff.settlements.list', 'query', { token, input: {} })).json().result
      .data;
    const csv = await t.app.inject({
      method: 'GET',
      url: `/staff/api/settlements.csv?year=${list.year}`,
      headers: { cookie: `staff_session=${token}` },
    });
    const rows: Record<string, string>[] = parse(csv.body, { columns: true, bom: true });
    expect(rows.filter((row) => row.Type === 'awaiting report')).toEqual([
      expect.objectContaining({
        'Gross (₹)': '',
        'Razorpay fee (₹)': '13.12',
        'GST on the fee (₹)': '2.36',
        'Net (₹)': '640.52',
      }),
    ]);
    expect(rows.reduce((n, row) => n + paise(row['Net (₹)'] ?? ''), 0)).toBe(list.totals.net);
    await fetchNow();
  });

  it('gives the settlements and their CSV to signed-in staff only', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/staff/api/settlements.csv?year=2026-27' });
    expect(csv.statusCode).toBe(401);
    const list = await callProcedure(t.app, 'staff.settlements.list', 'query', { input: {} });
    expect(list.statusCode).toBe(401);
    const badYear = await t.app.inject({
      method: 'GET',
      url: '/staff/api/settlements.csv?year=2026',
      headers: { cookie: `staff_session=${token}` },
    });
    expect(badYear.statusCode).toBe(400);
  });
});

describe('the daily fetch', () => {
  it('asks Razorpay a while after start, then daily, and never after it is stopped', async () => {
    let asked = 0;
    const gateway = {
      ...t.deps.gateway,
      fetchSettlements: (range: { from: Date; to: Date }) => {
        asked += 1;
        return t.deps.gateway.fetchSettlements(range);
      },
    };
    const stoppedEarly = startSettlementFetchJob({ orm: t.db.orm, gateway, log: quiet }, { firstAfterMs: 50 });
    await stoppedEarly.stop();
    const job = startSettlementFetchJob({ orm: t.db.orm, gateway, log: quiet }, { firstAfterMs: 50, everyMs: 100 });
    for (let tries = 0; tries < 100 && asked < 2; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    await job.stop();
    const after = asked;
    expect(after).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(asked).toBe(after);
  });
});

describe('the sandbox on its own', () => {
  it('settles a payment once the configured delay has passed, and the app stores it from the webhook', async () => {
    const quick = await createTestApp({ SANDBOX_SETTLEMENT_DELAY_MS: '200', SANDBOX_DEV_CONTROLS: 'true' });
    try {
      deliverSandboxWebhooks(quick);
      const created = await quick.caller.donation.create(donationBody({ amount: 60000 }));
      const payment = await quick.emulator.completePayment({ orderId: created.order.id });
      const settledLine = async () => {
        for (let tries = 0; tries < 100; tries += 1) {
          await quick.emulator.webhooksIdle();
          const [line] = await quick.db.orm.em
            .fork()
            .execute<Entry[]>('select * from settlement_entries where entity_id = ?', [payment.razorpay_payment_id]);
          if (line) return line;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return undefined;
      };
      expect(await settledLine()).toMatchObject({ type: 'payment', gross: 60000, fee: 1200, tax: 216, net: 58584 });
      // The development control settles at once what is captured: here, nothing is left.
      const now = await quick.app.inject({ method: 'POST', url: '/sandbox/settlements' });
      expect(now.json()).toEqual({ settlement: null });
    } finally {
      await quick.close();
    }
  });
});
