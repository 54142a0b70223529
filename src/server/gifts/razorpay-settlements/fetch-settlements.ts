import type { FastifyBaseLogger } from 'fastify';
import { indiaDate } from '../../../shared/india-time';
import type { Orm } from '../../platform/db/orm';
import { isoTime } from '../../platform/db/sql-time';
import type { PaymentGateway, ProviderSettlementLine } from '../payments/gateway';
import { recordSettlement, recordSettlementEntries } from './record-settlement';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back the daily fetch asks: a missed webhook, or a day the fetch did not run, is caught up. */
export const SETTLEMENT_LOOKBACK_DAYS = 14;
/** A settlement whose lines Razorpay's report still lacks after this long is left to the staff. */
const ENTRIES_RETRY_DAYS = 60;

export interface SettlementFetchDependencies {
  orm: Orm;
  gateway: Pick<PaymentGateway, 'fetchSettlements' | 'fetchSettlementReport'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface SettlementFetchReport {
  /** Settlements Razorpay listed that were not stored yet. */
  settlements: number;
  /** Settlements whose lines were stored in this pass. */
  withEntries: number;
  /** Lines stored. */
  entries: number;
}

/**
 * The daily fetch: the settlements Razorpay made in the last days (stored once, whether or not
 * their webhook came), then the lines of every settlement still without them. Safe to run
 * twice, or on two instances at once: each settlement and each line is stored once.
 */
export async function fetchSettlements(
  deps: SettlementFetchDependencies,
  options: { now?: Date; lookbackDays?: number } = {},
): Promise<SettlementFetchReport> {
  const now = options.now ?? new Date();
  const from = new Date(now.getTime() - (options.lookbackDays ?? SETTLEMENT_LOOKBACK_DAYS) * DAY_MS);
  const listed = await deps.gateway.fetchSettlements({ from, to: now });
  let settlements = 0;
  const em = deps.orm.em.fork();
  // Only money that has left for the bank: a `created` one is listed again once processed.
  for (const settlement of listed.filter((item) => item.status === 'processed')) {
    if (await recordSettlement(em, settlement)) settlements += 1;
  }
  const pending = await em.execute<{ id: string; settledAt: string }[]>(
    `select id, ${isoTime('settled_at')} as "settledAt" from settlements
      where entries_fetched_at is null and settled_at > ? order by settled_at`,
    [new Date(now.getTime() - ENTRIES_RETRY_DAYS * DAY_MS)],
  );
  const awaiting = pending.map((row) => ({ id: row.id, settledAt: new Date(row.settledAt) }));
  return { settlements, ...(await fetchEntriesOf(deps, awaiting)) };
}

/**
 * Stores the lines of these settlements from Razorpay's report of the India day each was made
 * (and of the next day, should the report date it so). One report per day, however many
 * settlements it holds. A settlement the report does not list yet is left for the next pass.
 */
export async function fetchEntriesOf(
  deps: SettlementFetchDependencies,
  settlements: { id: string; settledAt: Date }[],
): Promise<{ withEntries: number; entries: number }> {
  const reports = new Map<string, Promise<ProviderSettlementLine[]>>();
  const reportOf = (instant: Date) => {
    const day = indiaDate(instant);
    const key = `${day.year}-${day.month}-${day.day}`;
    const cached = reports.get(key) ?? deps.gateway.fetchSettlementReport(day);
    reports.set(key, cached);
    return cached;
  };
  let withEntries = 0;
  let entries = 0;
  for (const settlement of settlements) {
    let lines: ProviderSettlementLine[] = [];
    try {
      for (const instant of [settlement.settledAt, new Date(settlement.settledAt.getTime() + DAY_MS)]) {
        lines = (await reportOf(instant)).filter((line) => line.settlement_id === settlement.id);
        if (lines.length > 0) break;
      }
    } catch (error) {
      // One day's report failing leaves its settlements for the next pass, not the others.
      deps.log.warn({ err: error, settlementId: settlement.id }, 'settlement report not fetched');
      continue;
    }
    if (lines.length === 0) continue;
    const stored = await recordSettlementEntries(deps.orm.em.fork(), settlement.id, lines);
    if (!stored) continue;
    withEntries += 1;
    entries += stored.stored;
    if (stored.skipped > 0 || stored.net !== stored.amount) {
      deps.log.warn(
        { settlementId: settlement.id, ...stored },
        'settlement lines do not add up to what reached the bank: shown to the staff as they are',
      );
    }
  }
  return { withEntries, entries };
}
