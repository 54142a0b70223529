import type { EntityManager } from '@mikro-orm/postgresql';
import type { DonorMergeInput } from '../../../shared/donors.schema';
import { type Actor, audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { fillTaxIdHashes } from './tax-id-hashes';

/**
 * Merging two records of one person, and undoing it. A merge moves the gifts of one record to the
 * other (`donations.donor_id`; the rollups follow by the database's trigger) and points the merged
 * record, and any merged into it before, at the survivor, so later gifts by its e-mail join the
 * survivor too. Nothing else changes: receipts, monthly gifts, certificates and news consent stay
 * on their gifts and addresses, and every receipt and the statement keep the ID each gift was given
 * with. Each merge is written down with exactly what it moved, and an undo restores that.
 */

/** A record's IDs as screens show them: masked, with whether they differ from the other record's. */
export interface MergePreview {
  into: { id: number; name: string | null; giftCount: number; ids: string[] };
  from: { id: number; name: string | null; giftCount: number; ids: string[] };
  /** Both carry a PAN or Aadhaar, and not the same ones: the merge must be confirmed knowing it. */
  differentIds: boolean;
  /** What receipts and the statement will show, in words for staff. */
  statementNote: string;
  /**
   * The preview asked again after the merge (a second tab, a reload): `from` is merged into `into`
   * already, and `into` shows the merged result. Nothing is left to merge.
   */
  alreadyMerged: boolean;
}

const STATEMENT_NOTE =
  'Receipts and the annual statement keep the ID each gift was given with: after the merge the statement still lists each gift under the PAN or Aadhaar on its receipt, so one donor may appear under more than one ID.';

export async function mergePreview(
  em: EntityManager,
  cipher: FieldCipher,
  pair: { intoId: number; fromId: number },
): Promise<MergePreview> {
  await fillTaxIdHashes(em, cipher);
  const rows = await em.execute<
    {
      id: number;
      name: string | null;
      gift_count: number;
      merged_into_id: number | null;
      ids: { masked: string; hash: string }[] | null;
    }[]
  >(
    `select o.id, o.name, o.gift_count, o.merged_into_id,
            (select jsonb_agg(distinct jsonb_build_object('masked', d.tax_id_masked, 'hash', d.tax_id_hash))
               from donations d where d.donor_id = o.id and d.tax_id_hash is not null) as ids
       from donors o where o.id in (?, ?)`,
    [pair.intoId, pair.fromId],
  );
  const fromRow = rows.find((candidate) => candidate.id === pair.fromId);
  const alreadyMerged = fromRow !== undefined && fromRow.merged_into_id === pair.intoId;
  const side = (id: number) => {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) throw new DomainError('NOT_FOUND', `No donor ${id}`);
    if (row.merged_into_id !== null && !(alreadyMerged && id === pair.fromId)) {
      throw new DomainError(
        'CONFLICT',
        `Donor ${id} was merged into donor ${row.merged_into_id}: merge that record instead`,
      );
    }
    return row;
  };
  const into = side(pair.intoId);
  const from = side(pair.fromId);
  const hashes = (row: typeof into) => new Set((row.ids ?? []).map((id) => id.hash));
  const [intoHashes, fromHashes] = [hashes(into), hashes(from)];
  const differentIds =
    intoHashes.size > 0 &&
    fromHashes.size > 0 &&
    ([...intoHashes].some((hash) => !fromHashes.has(hash)) || [...fromHashes].some((hash) => !intoHashes.has(hash)));
  const shown = (row: typeof into) => ({
    id: row.id,
    name: row.name,
    giftCount: row.gift_count,
    ids: [...new Set((row.ids ?? []).map((id) => id.masked))].sort(),
  });
  return { into: shown(into), from: shown(from), differentIds, statementNote: STATEMENT_NOTE, alreadyMerged };
}

export async function mergeDonors(
  em: EntityManager,
  deps: { cipher: FieldCipher; actor: Actor },
  input: DonorMergeInput,
): Promise<{ mergeId: number; movedGifts: number }> {
  return em.transactional(async (tx) => {
    // Both records locked, the lower id first (as the rollups' trigger locks them): no deadlock.
    await tx.execute('select id from donors where id in (?, ?) order by id for update', [input.intoId, input.fromId]);
    const preview = await mergePreview(tx, deps.cipher, input);
    if (preview.alreadyMerged) {
      throw new DomainError('CONFLICT', `Donor ${input.fromId} is already merged into donor ${input.intoId}`);
    }
    if (preview.differentIds && !input.confirmDifferentIds) {
      throw new DomainError(
        'BAD_REQUEST',
        `confirmDifferentIds: these records carry different PANs or Aadhaar numbers (${[...preview.into.ids, ...preview.from.ids].join(', ')}). ${STATEMENT_NOTE} Confirm to merge them anyway.`,
        { field: 'confirmDifferentIds' },
      );
    }
    const moved = await tx.execute<{ id: number }[]>(
      'update donations set donor_id = ? where donor_id = ? returning id',
      [input.intoId, input.fromId],
    );
    const repointed = await tx.execute<{ id: number }[]>(
      'update donors set merged_into_id = ? where merged_into_id = ? returning id',
      [input.intoId, input.fromId],
    );
    await tx.execute('update donors set merged_into_id = ? where id = ?', [input.intoId, input.fromId]);
    const donationIds = moved.map((row) => row.id).sort((a, b) => a - b);
    const [merge] = await tx.execute<{ id: number }[]>(
      `insert into donor_merges (into_id, from_id, donation_ids, merged_donor_ids, merged_by)
       values (?, ?, ?::jsonb, ?::jsonb, ?) returning id`,
      [
        input.intoId,
        input.fromId,
        JSON.stringify(donationIds),
        JSON.stringify(repointed.map((row) => row.id)),
        deps.actor.username,
      ],
    );
    const mergeId = Number(merge?.id);
    await audit(tx, deps.actor, 'donors_merged', {
      mergeId,
      intoId: input.intoId,
      fromId: input.fromId,
      gifts: donationIds.length,
      ...(preview.differentIds ? { differentIdsConfirmed: true } : {}),
    });
    return { mergeId, movedGifts: donationIds.length };
  });
}

export async function undoMerge(em: EntityManager, actor: Actor, mergeId: number): Promise<{ restoredGifts: number }> {
  return em.transactional(async (tx) => {
    const [merge] = await tx.execute<
      {
        into_id: number;
        from_id: number;
        donation_ids: number[];
        merged_donor_ids: number[];
        undone_at: string | null;
      }[]
    >('select into_id, from_id, donation_ids, merged_donor_ids, undone_at from donor_merges where id = ? for update', [
      mergeId,
    ]);
    if (!merge) throw new DomainError('NOT_FOUND', `No merge ${mergeId}`);
    if (merge.undone_at !== null) throw new DomainError('CONFLICT', `Merge ${mergeId} was undone already`);
    const donors = await tx.execute<{ id: number; merged_into_id: number | null }[]>(
      'select id, merged_into_id from donors where id in (?, ?) order by id for update',
      [merge.into_id, merge.from_id],
    );
    const into = donors.find((donor) => donor.id === merge.into_id);
    const from = donors.find((donor) => donor.id === merge.from_id);
    if (into?.merged_into_id !== null) {
      throw new DomainError(
        'CONFLICT',
        `Donor ${merge.into_id} has since been merged into donor ${into?.merged_into_id}: undo that merge first`,
      );
    }
    if (from?.merged_into_id !== merge.into_id) {
      throw new DomainError('CONFLICT', `Donor ${merge.from_id} is no longer merged into donor ${merge.into_id}`);
    }
    const restored = await tx.execute<{ id: number }[]>(
      `update donations set donor_id = ? where donor_id = ? and id in (select jsonb_array_elements_text(?::jsonb)::int)
       returning id`,
      [merge.from_id, merge.into_id, JSON.stringify(merge.donation_ids)],
    );
    await tx.execute(
      `update donors set merged_into_id = ? where merged_into_id = ? and id in (select jsonb_array_elements_text(?::jsonb)::int)`,
      [merge.from_id, merge.into_id, JSON.stringify(merge.merged_donor_ids)],
    );
    await tx.execute('update donors set merged_into_id = null where id = ?', [merge.from_id]);
    await tx.execute('update donor_merges set undone_by = ?, undone_at = now() where id = ?', [
      actor.username,
      mergeId,
    ]);
    await audit(tx, actor, 'donor_merge_undone', {
      mergeId,
      intoId: merge.into_id,
      fromId: merge.from_id,
      gifts: restored.length,
    });
    return { restoredGifts: restored.length };
  });
}
