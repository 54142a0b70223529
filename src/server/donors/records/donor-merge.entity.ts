import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * One merge of a donor record into another (donors/records/merge.ts): exactly which gifts and which earlier
 * merged records it moved, so undoing it restores those and nothing else. Never deleted: an undo
 * is written on the row.
 */
export const DonorMerge = defineEntity({
  name: 'DonorMerge',
  tableName: 'donor_merges',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    /** The surviving record. */
    intoId: p.integer().index('donor_merges_into_id_index'),
    /** The record merged into it. */
    fromId: p.integer().index('donor_merges_from_id_index'),
    donationIds: p.json<number[]>().columnType('jsonb'),
    /** Records merged into `fromId` before, pointed at `intoId` by this merge. */
    mergedDonorIds: p.json<number[]>().columnType('jsonb'),
    mergedBy: p.text(),
    mergedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    undoneBy: p.text().nullable(),
    undoneAt: p.datetime().columnType('timestamptz').nullable(),
  }),
});

export type DonorMerge = InferEntity<typeof DonorMerge>;

/** Two donor records staff said are two people: not proposed again. The lower id first. */
export const DonorProposalDismissal = defineEntity({
  name: 'DonorProposalDismissal',
  tableName: 'donor_proposal_dismissals',
  properties: (p) => ({
    donorId: p.integer().primary(),
    otherDonorId: p.integer().primary(),
    dismissedBy: p.text(),
    dismissedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});

export type DonorProposalDismissal = InferEntity<typeof DonorProposalDismissal>;

export const DONOR_ENTITIES = [DonorMerge, DonorProposalDismissal];
