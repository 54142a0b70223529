import type { EntityManager } from '@mikro-orm/postgresql';
import { Receipt } from './receipt.entity';
import { RECEIPT_LINK_LIFETIME_MS } from './receipt-links';

/**
 * A receipt (`r`) that may still be shown to the public or its donor: not one kept only because
 * the tax law requires it after the donor asked to be forgotten (donors/rights/erasure.ts).
 */
export const NOT_KEPT_AFTER_ERASURE =
  'not exists (select 1 from erasure_requests e where e.kept_receipt_ids @> to_jsonb(r.id))';

export type LinkedReceipt = { ok: true; receipt: Receipt } | { ok: false; reason: 'unknown' | 'expired' };

/**
 * The receipt a download link opens: unknown once its donor was erased (as on the donor's page),
 * expired after the link's 18 months (an old link without an expiry: 18 months after its receipt).
 */
export async function receiptForLink(
  em: EntityManager,
  link: { receiptId: number; expiresAt: Date | null },
  now: Date = new Date(),
): Promise<LinkedReceipt> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select r.* from receipts r where r.id = ? and ${NOT_KEPT_AFTER_ERASURE}`,
    [link.receiptId],
  );
  if (!row) return { ok: false, reason: 'unknown' };
  const receipt = em.map(Receipt, row);
  const expiresAt = link.expiresAt ?? new Date(receipt.issuedAt.getTime() + RECEIPT_LINK_LIFETIME_MS);
  return now > expiresAt ? { ok: false, reason: 'expired' } : { ok: true, receipt };
}
