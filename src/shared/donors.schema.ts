import { z } from 'zod';

/**
 * The console's donor records (`staff.donors.*`): the list, a donor's page, proposals, merges.
 * Shared by the procedures and the console's forms.
 */

/** What the donor list sorts by: the rollups the database keeps on each record. */
export const DONOR_SORT_COLUMNS = ['lifetimeTotal', 'lastGiftAt', 'giftCount', 'name'] as const;
export type DonorSortColumn = (typeof DONOR_SORT_COLUMNS)[number];

export const donorListInputSchema = z.object({
  /** A name, e-mail or phone (or part of one), or a PAN's or Aadhaar's last four. */
  search: z.string().trim().max(100, 'Must be at most 100 characters').default(''),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
  sort: z.enum(DONOR_SORT_COLUMNS).default('lastGiftAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type DonorListInput = z.infer<typeof donorListInputSchema>;

const donorId = z.number().int().positive();

export const donorIdInputSchema = z.object({ id: donorId });

const ANOTHER_DONOR = 'Must be another donor';

export const donorMergeInputSchema = z
  .object({
    /** The record that stays. */
    intoId: donorId,
    /** The record merged into it. */
    fromId: donorId,
    /** Said after seeing that the two carry different PANs or Aadhaar numbers. */
    confirmDifferentIds: z.boolean().default(false),
  })
  .refine((input) => input.intoId !== input.fromId, { path: ['fromId'], message: ANOTHER_DONOR });
export type DonorMergeInput = z.infer<typeof donorMergeInputSchema>;

export const donorMergePreviewInputSchema = z
  .object({ intoId: donorId, fromId: donorId })
  .refine((input) => input.intoId !== input.fromId, { path: ['fromId'], message: ANOTHER_DONOR });

export const donorProposalInputSchema = z
  .object({ donorId, otherDonorId: donorId })
  .refine((input) => input.donorId !== input.otherDonorId, { path: ['otherDonorId'], message: ANOTHER_DONOR });

export const donorMergeIdInputSchema = z.object({ mergeId: z.number().int().positive() });

/** Why two records may be one person (never joined on its own: staff confirm). */
export const PROPOSAL_REASONS = ['tax-id', 'phone', 'name-and-address'] as const;
export type ProposalReason = (typeof PROPOSAL_REASONS)[number];
