import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../../migrations';
import { migrate } from '../../platform/db/orm';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { consentFromPaidGift, wantsNews } from './news-consent';

/**
 * Migration20261129064100 on a database with consents written the old way, when a checkout was
 * created: a consent row of a checkout never paid no longer counts (it is that donation's wish
 * now, made consent if the checkout is paid later); a paid gift's row and the donor's own page's
 * rows stay. Its down puts the wishes back as rows, except where the address answered later.
 */
const MIGRATION = 'Migration20261129064100';
const names = migrations.map((migration) => migration.name);
const BEFORE = names.filter((name) => name < MIGRATION);

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  await migrate(db.orm, db.url, { only: BEFORE });
});
afterAll(() => db.drop());

const sql = <T>(text: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(text, params);

async function checkout(email: string, status: string, paymentId: string | null = null): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into donations (name, email, phone, amount, donation_type, status, razorpay_payment_id, created_at)
     values ('Priya', ?, '9876543210', 50000, 'one-time', ?, ?, timestamptz '2026-11-20T06:00:00Z') returning id`,
    [email, status, paymentId],
  );
  return Number(row?.id);
}

/** A row as the old create path wrote it, or as the donor's page writes it. */
async function consentRow(email: string, consented: boolean, source: string, donationId: number | null, at: string) {
  await sql(
    `insert into news_consents (email, consented, source, wording_version, donation_id, created_at)
     values (lower(?), ?, ?, '2026-11-27', ?, timestamptz ?)`,
    [email, consented, source, donationId, at],
  );
}

const rows = () =>
  sql<{ email: string; source: string; donation_id: number | null }>(
    'select email, source, donation_id from news_consents order by id',
  );
const wishes = () =>
  sql<{ id: number }>('select id from donations where news_consent_wish order by id').then((list) =>
    list.map((row) => row.id),
  );

describe('the consent migration', () => {
  it("drops an unpaid checkout's consent, keeps paid gifts' and the donor page's, and lets a later payment consent", async () => {
    // Priya said no on her own page; then someone typed her address on the form, ticked, and left.
    await consentRow('priya@example.com', false, 'donor_page', null, '2026-11-21T06:00:00Z');
    const forged = await checkout('Priya@Example.com', 'pending');
    await consentRow('priya@example.com', true, 'donate_form', forged, '2026-11-22T06:00:00Z');
    const failed = await checkout('ravi@example.com', 'failed');
    await consentRow('ravi@example.com', true, 'donate_form', failed, '2026-11-22T06:00:00Z');
    const paid = await checkout('asha@example.com', 'paid', 'pay_asha');
    await consentRow('asha@example.com', true, 'donate_form', paid, '2026-11-22T06:00:00Z');
    const refunded = await checkout('meena@example.com', 'refunded', 'pay_meena');
    await consentRow('meena@example.com', true, 'donate_form', refunded, '2026-11-22T06:00:00Z');
    await consentRow('kumar@example.com', true, 'donor_page', null, '2026-11-22T06:00:00Z');
    const em = db.orm.em.fork();
    // Before the fix, the forged row is Priya's newest answer: she receives news.
    expect(await wantsNews(em, 'priya@example.com')).toBe(true);

    expect(await migrate(db.orm, db.url, { only: [MIGRATION] })).toEqual([MIGRATION]);

    expect(await wantsNews(em, 'priya@example.com')).toBe(false);
    expect(await wantsNews(em, 'ravi@example.com')).toBe(false);
    for (const email of ['asha@example.com', 'meena@example.com', 'kumar@example.com']) {
      expect(await wantsNews(em, email)).toBe(true);
    }
    expect(await rows()).toEqual([
      { email: 'priya@example.com', source: 'donor_page', donation_id: null },
      { email: 'asha@example.com', source: 'donate_form', donation_id: paid },
      { email: 'meena@example.com', source: 'donate_form', donation_id: refunded },
      { email: 'kumar@example.com', source: 'donor_page', donation_id: null },
    ]);
    expect(await wishes()).toEqual([forged, failed]);

    // Ravi's checkout is paid after all (a retried payment): his ticked box is consent now, once.
    await sql(`update donations set status = 'paid', razorpay_payment_id = 'pay_ravi' where id = ?`, [failed]);
    await consentFromPaidGift(em, 'pay_ravi');
    await consentFromPaidGift(em, 'pay_ravi');
    expect(await wantsNews(em, 'ravi@example.com')).toBe(true);
    expect((await rows()).filter((row) => row.donation_id === failed)).toHaveLength(1);
  });

  it('down puts the unpaid wishes back as rows, without overturning a later answer', async () => {
    const lakshmi = await checkout('lakshmi@example.com', 'pending');
    await sql('update donations set news_consent_wish = true where id = ?', [lakshmi]);
    // Lakshmi's "no" came before her checkout: the wish, the newer answer, comes back.
    await consentRow('lakshmi@example.com', false, 'donor_page', null, '2026-11-19T06:00:00Z');
    await db.orm.migrator.down({ migrations: [MIGRATION] });
    const em = db.orm.em.fork();
    expect(await wantsNews(em, 'lakshmi@example.com')).toBe(true);
    // Priya's forged checkout (20 Nov) is still a wish, but her own "no" (21 Nov) is newer: it holds.
    expect(await wantsNews(em, 'priya@example.com')).toBe(false);
    const columns = await sql('select 1 from information_schema.columns where column_name = ?', ['news_consent_wish']);
    expect(columns).toEqual([]);
  });
});
