import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProviderSettlementLine } from '../payments/gateway';

/** A settlement as Razorpay reports it, by webhook or by API: `fees` includes the GST, `tax` is the GST. */
export interface ReportedSettlement {
  id: string;
  /** Paise that reached the bank. */
  amount: number;
  fees: number;
  tax: number;
  utr: string | null;
  /** Unix seconds. */
  created_at: number;
}

/**
 * Stores a settlement Razorpay reported, once: the webhook and the daily fetch both end here, and
 * the second report of the same settlement changes nothing. True when it was new.
 */
export async function recordSettlement(em: EntityManager, settlement: ReportedSettlement): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into settlements (id, settled_at, utr, amount, fee, tax) values (?, ?, ?, ?, ?, ?)
     on conflict (id) do nothing returning id`,
    [
      settlement.id,
      new Date(settlement.created_at * 1000),
      settlement.utr,
      settlement.amount,
      settlement.fees - settlement.tax,
      settlement.tax,
    ],
  );
  return inserted.length > 0;
}

/** A report line in this table's terms: gross signed, the fee without its GST, the rest an adjustment. */
export function entryOf(line: ProviderSettlementLine) {
  const gross = line.type === 'payment' ? line.amount : line.type === 'refund' ? -line.amount : 0;
  const net = line.credit - line.debit;
  const fee = line.fee - line.tax;
  return {
    entityId: line.entity_id,
    type: line.type,
    paymentId: line.type === 'payment' ? line.entity_id : (line.payment_id ?? null),
    gross,
    fee,
    tax: line.tax,
    adjustment: net - (gross - fee - line.tax),
    net,
    occurredAt: new Date(line.created_at * 1000),
  };
}

const ENTRY_COLUMNS = 10;
/** Rows per insert: well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 500;

/**
 * Stores a settlement's lines in one transaction, once: a Razorpay id already stored (in this
 * settlement or, against Razorpay's word, another) is left as it is. Answers what the lines add
 * up to beside what reached the bank, or null when the lines were already stored.
 */
export async function recordSettlementEntries(
  em: EntityManager,
  settlementId: string,
  lines: ProviderSettlementLine[],
): Promise<{ stored: number; skipped: number; net: number; amount: number } | null> {
  return em.transactional(async (tx) => {
    // Locked, so two instances storing the same lines take turns, and the second finds them stored.
    const [settlement] = await tx.execute<{ amount: number; entries_fetched_at: Date | null }[]>(
      'select amount, entries_fetched_at from settlements where id = ? for update',
      [settlementId],
    );
    if (!settlement || settlement.entries_fetched_at !== null) return null;
    let stored = 0;
    const entries = lines.map(entryOf);
    for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) {
      const chunk = entries.slice(start, start + ROWS_PER_INSERT);
      const rows = chunk.map(() => `(${Array(ENTRY_COLUMNS).fill('?').join(', ')})`).join(', ');
      const inserted = await tx.execute<{ entity_id: string }[]>(
        `insert into settlement_entries
           (entity_id, settlement_id, type, payment_id, gross, fee, tax, adjustment, net, occurred_at)
         values ${rows} on conflict (entity_id) do nothing returning entity_id`,
        chunk.flatMap((entry) => [
          entry.entityId,
          settlementId,
          entry.type,
          entry.paymentId,
          entry.gross,
          entry.fee,
          entry.tax,
          entry.adjustment,
          entry.net,
          entry.occurredAt,
        ]),
      );
      stored += inserted.length;
    }
    // What the lines add up to, once, beside them; and each payment its settlement.
    const [sums] = await tx.execute<{ net: string }[]>(
      `update settlements s set entries_fetched_at = now(), adjustments = t.adjustments, lines_payments = t.payments,
              lines_refunds = t.refunds, lines_gross = t.gross, lines_fee = t.fee, lines_tax = t.tax, lines_net = t.net
         from (select count(*) filter (where type = 'payment') as payments, count(*) filter (where type = 'refund') as refunds,
                      coalesce(sum(gross), 0) as gross, coalesce(sum(fee), 0) as fee, coalesce(sum(tax), 0) as tax,
                      coalesce(sum(adjustment), 0) as adjustments, coalesce(sum(net), 0) as net
                 from settlement_entries where settlement_id = ?) t
        where s.id = ?
        returning t.net`,
      [settlementId, settlementId],
    );
    await tx.execute(
      `update donations set settlement_id = ?
        where razorpay_payment_id in (select entity_id from settlement_entries where settlement_id = ? and type = 'payment')
          and settlement_id is null`,
      [settlementId, settlementId],
    );
    return { stored, skipped: entries.length - stored, net: Number(sums?.net ?? 0), amount: settlement.amount };
  });
}
