import type { EntityManager } from '@mikro-orm/postgresql';
import { NOT_KEPT_AFTER_ERASURE } from '../../gifts/receipts/linked-receipt';
import { Receipt } from '../../gifts/receipts/receipt.entity';

/**
 * A receipt (`r`) a donor's link may show: issued to that e-mail (one `?`), and not one kept only
 * because the tax law requires it after the donor asked to be forgotten.
 */
export const OWN_RECEIPT = `lower(r.donor_email) = ? and ${NOT_KEPT_AFTER_ERASURE}`;

export async function findOwnReceipt(em: EntityManager, email: string, id: number): Promise<Receipt | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select r.* from receipts r where r.id = ? and ${OWN_RECEIPT}`,
    [id, email],
  );
  return row ? em.map(Receipt, row) : null;
}

/** The donor's issued receipts of a financial year, oldest first: what their yearly statement lists. */
export async function ownReceiptsOfYear(em: EntityManager, email: string, year: string): Promise<Receipt[]> {
  const rows = await em.execute<Record<string, unknown>[]>(
    `select r.* from receipts r where r.financial_year = ? and r.status = 'issued' and ${OWN_RECEIPT}
      order by r.issued_at, r.id`,
    [year, email],
  );
  return rows.map((row) => em.map(Receipt, row));
}
