import type { Knex } from '@mikro-orm/knex';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_CONTENT } from '../../shared/default-content';
import { storedContent } from './site-content-versions';

/** How mails and receipts reach the trust: as the published site content states it. */
export interface TrustContact {
  email: string;
  phone: string;
  address: string;
}

const contactOf = ({ contact }: { contact: TrustContact }): TrustContact => ({
  email: contact.email,
  phone: contact.phone,
  address: contact.address,
});

/** The defaults' contact details: what mails and receipts print until a version is published. */
export const DEFAULT_CONTACT: TrustContact = contactOf(DEFAULT_CONTENT);

const byPool = new WeakMap<Knex, { versionId: number | null; contact: TrustContact }>();

/**
 * The trust's contact details from the newest published site content, read at each mail or
 * receipt render in one indexed read of the published version (as the pages' 15 s check makes),
 * its content sent and parsed only when the version changed since this instance last read it. So a
 * publication shows in the next mail and receipt, on every instance, at once; and every read is the
 * same one statement, so a donor-link request costs the same whoever asks (routes/link-request.ts).
 */
export async function publishedContact(em: EntityManager): Promise<TrustContact> {
  const knex = em.getConnection().getKnex();
  const cached = byPool.get(knex);
  const [row] = await em.execute<{ id: number; content: unknown }[]>(
    `select id, case when id = ? then null else content end as content from site_content_versions
      where status = 'published' order by published_at desc, id desc limit 1`,
    [cached?.versionId ?? null],
  );
  const versionId = row?.id ?? null;
  if (cached && cached.versionId === versionId) return cached.contact;
  const contact = row ? contactOf(storedContent(row.content)) : DEFAULT_CONTACT;
  byPool.set(knex, { versionId, contact });
  return contact;
}
