import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { siteContent } from '../../../shared/site-content';
import { panSchema } from '../../../shared/tax-id';
import { TrustSettings } from './trust-settings.entity';

/** The trust's legal details as an admin edits them and as a receipt keeps them. */
export const trustDetailsSchema = z.object({
  name: z.string().trim().min(1).max(200),
  address: z.string().trim().min(10).max(500),
  pan: panSchema,
  registration80g: z.string().trim().min(5).max(60),
  approvedOn: z.iso.date(),
  validity: z.string().trim().min(1).max(100),
  signatoryName: z.string().trim().min(1).max(200),
  signatoryTitle: z.string().trim().min(1).max(100),
  receiptPrefix: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,10}$/, 'must be 1 to 10 capital letters or digits'),
});

export type TrustDetails = z.infer<typeof trustDetailsSchema>;

const SETTINGS_ID = 1;

/** The saved details, or the site content's defaults until an admin saves some. */
export async function getTrustDetails(em: EntityManager): Promise<TrustDetails> {
  const saved = await em.findOne(TrustSettings, SETTINGS_ID);
  if (!saved) return { ...siteContent.legal };
  const { id: _id, updatedAt: _updatedAt, ...details } = saved;
  return details;
}

/** Saves new details; receipts already issued keep the details they were issued with. */
export async function updateTrustDetails(em: EntityManager, input: unknown): Promise<TrustDetails> {
  const details = trustDetailsSchema.parse(input);
  await em.upsert(TrustSettings, { id: SETTINGS_ID, ...details, updatedAt: new Date() });
  return details;
}
