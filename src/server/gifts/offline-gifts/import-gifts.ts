import type { EntityManager } from '@mikro-orm/postgresql';
import type { ImportOutcome, ImportRowOutcome } from '../../../shared/offline-gift.schema';
import { audit } from '../../platform/audit/audit';
import { actorOf } from '../../platform/staff/staff-actor';
import { recordPaidOfflineGift } from '../settlement/record-offline-gift';
import { closedYearProblem } from './closed-year';
import { offlineGiftRow } from './gift-row';
import { readImportFile } from './import-file';
import { offlineKeyOf } from './offline-key';
import type { RecordGiftDeps } from './record-gift';

/**
 * Many gifts at once, from the console's CSV: first a preview (every row with its problems, which
 * rows are new and which are recorded already; nothing written), then on confirmation every new
 * valid row written in one transaction with one audit entry. A gift's key (offline-key.ts) makes a
 * second import of the same file write nothing, and the same gift twice in one file is refused.
 */
export async function importOfflineGifts(
  em: EntityManager,
  deps: RecordGiftDeps,
  file: { text: string; confirm: boolean },
): Promise<ImportOutcome> {
  const now = deps.now ?? new Date();
  const read = readImportFile(file.text);
  const rows: (ImportRowOutcome & { key: string | null })[] = read.rows.map((row) => ({
    line: row.line,
    result: row.gift ? 'new' : 'refused',
    name: row.name,
    mode: row.mode,
    receivedOn: row.receivedOn,
    amount: row.amount,
    problems: [...row.problems],
    donationId: null,
    receiptNumber: null,
    key: null,
  }));
  const firstLineOfKey = new Map<string, number>();
  read.rows.forEach((row, index) => {
    const outcome = rows[index];
    if (!row.gift || !outcome) return;
    const closed = closedYearProblem(row.gift, deps.staff.role, now);
    if (closed) outcome.problems.push({ line: row.line, column: 'received_on', message: closed });
    const key = offlineKeyOf(row.gift);
    const first = firstLineOfKey.get(key);
    if (first !== undefined) {
      outcome.problems.push({ line: row.line, column: 'reference', message: `is the same gift as line ${first}` });
    } else {
      firstLineOfKey.set(key, row.line);
    }
    if (outcome.problems.length > 0) outcome.result = 'refused';
    else outcome.key = key;
  });

  await markRecordedAlready(em, rows);
  const toWrite = rows.filter((row) => row.result === 'new');
  let written = 0;
  if (file.confirm && toWrite.length > 0) {
    const giftOfLine = new Map(read.rows.map((row) => [row.line, row.gift]));
    written = await em.transactional(async (tx) => {
      let count = 0;
      for (const row of toWrite) {
        const gift = giftOfLine.get(row.line);
        if (!gift) continue;
        const recorded = await recordPaidOfflineGift(
          tx,
          deps.donorLinks,
          offlineGiftRow(deps.cipher, gift, deps.staff.username),
        );
        row.donationId = recorded.donationId;
        if (recorded.outcome === 'recorded') {
          row.receiptNumber = recorded.receipt.number;
          count += 1;
        } else {
          // Recorded by someone else between the preview and now.
          row.result = 'recorded';
        }
      }
      await audit(tx, actorOf(deps.staff), 'offline_gifts_imported', {
        rows: rows.length,
        written: count,
        donationIds: toWrite.filter((row) => row.result === 'new').map((row) => row.donationId),
      });
      return count;
    });
  }
  const count = (result: ImportRowOutcome['result']) => rows.filter((row) => row.result === result).length;
  return {
    confirmed: file.confirm,
    rows: rows.map(({ key: _key, ...row }) => row),
    counts: { rows: rows.length, new: count('new'), recorded: count('recorded'), refused: count('refused'), written },
    fileProblems: read.fileProblems,
  };
}

/** Rows whose gift is in the database already: shown as recorded, with its donation and receipt. */
async function markRecordedAlready(em: EntityManager, rows: (ImportRowOutcome & { key: string | null })[]) {
  const keyed = rows.filter((row) => row.key !== null);
  if (keyed.length === 0) return;
  const found = await em.execute<{ offline_key: string; id: number; number: string | null }[]>(
    `select d.offline_key, d.id, r.number from donations d left join receipts r on r.donation_id = d.id
      where d.offline_key in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(keyed.map((row) => row.key))],
  );
  const byKey = new Map(found.map((row) => [row.offline_key, row]));
  for (const row of keyed) {
    const existing = row.key ? byKey.get(row.key) : undefined;
    if (!existing) continue;
    row.result = 'recorded';
    row.donationId = Number(existing.id);
    row.receiptNumber = existing.number;
  }
}
