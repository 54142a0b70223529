import { createHmac, hkdfSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_LINK_LIFETIME_MS } from '../../gifts/receipts/receipt-links';
import { seedReceipt } from '../../test/statement-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The receipt link of a mail: 18 months, never after the donor's erasure, never in a log line. */
let t: TestApp;
let receiptId: number;
beforeAll(async () => {
  t = await createTestApp();
  const receipt = await seedReceipt(t.db.orm, t.deps.personalDataKey, {
    at: new Date().toISOString(),
    rupees: 500,
    name: 'Meena Krishnan',
    email: 'meena@example.com',
    address: '4 Lake View, Chennai',
    taxId: { kind: 'pan', value: 'MEENA1234K' },
  });
  receiptId = receipt.id;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const pathOf = (url: string) => new URL(url).pathname;
/** A link as mails carried it before links expired: `/receipts/<id>.<HMAC>.pdf`. */
function legacyLink(id: number) {
  const key = Buffer.from(hkdfSync('sha256', t.deps.personalDataKey, Buffer.alloc(0), 'receipt download links', 32));
  return `/receipts/${id}.${createHmac('sha256', key).update(`receipt:${id}`).digest('base64url')}.pdf`;
}

describe('a receipt link', () => {
  it('opens the receipt for 18 months, then says where the receipt is', async () => {
    const fresh = await get(pathOf(t.deps.receiptLinks.urlFor(receiptId, new Date())));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['content-type']).toBe('application/pdf');
    const old = await get(
      pathOf(t.deps.receiptLinks.urlFor(receiptId, new Date(Date.now() - RECEIPT_LINK_LIFETIME_MS - 60_000))),
    );
    expect(old.statusCode).toBe(410);
    expect(old.json().message).toMatch(/expired.*my-giving/);
    // An expiry changed by hand breaks the signature.
    const forged = pathOf(t.deps.receiptLinks.urlFor(receiptId, new Date())).replace(
      /\.(\d+)\./,
      (_m, s) => `.${Number(s) + 1}.`,
    );
    expect((await get(forged)).statusCode).toBe(404);
  });

  it('sent before links expired, works until 18 months after its receipt', async () => {
    expect((await get(legacyLink(receiptId))).statusCode).toBe(200);
    const longAgo = await seedReceipt(t.db.orm, t.deps.personalDataKey, {
      at: new Date(Date.now() - RECEIPT_LINK_LIFETIME_MS - 86_400_000).toISOString(),
      rupees: 100,
      name: 'Ravi',
      email: 'ravi@example.com',
    });
    expect((await get(legacyLink(longAgo.id))).statusCode).toBe(410);
  });

  it('opens nothing once its donor was erased, even within its 18 months', async () => {
    const url = pathOf(t.deps.receiptLinks.urlFor(receiptId, new Date()));
    await t.db.orm.em.execute(
      `insert into erasure_requests (email, status, completed_at, completed_by, kept_receipt_ids)
       values ('erased', 'completed', now(), 'clerk', ?)`,
      [JSON.stringify([receiptId])],
    );
    const erased = await get(url);
    expect(erased.statusCode).toBe(404);
    expect(erased.body).not.toContain('Meena');
    expect((await get(legacyLink(receiptId))).statusCode).toBe(404);
  });

  it('never reaches a log line, whatever its shape', async () => {
    const url = pathOf(t.deps.receiptLinks.urlFor(receiptId, new Date()));
    const signature = url.split('.').at(-2) as string;
    const shapes = [
      `${url}/`,
      url.replace('/receipts/', '/receipts//'),
      url.replace('/receipts/', '/receipts%2F'),
      `${url}?x=1`,
      `/RECEIPTS/${url.slice(10)}`,
    ];
    for (const shape of shapes) await get(shape);
    const logged = t.logs.join('\n');
    expect(logged).toContain('/receipts/');
    expect(logged).not.toContain(signature);
  });
});
