import type { Knex } from '@mikro-orm/knex';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_CONTENT } from '../../../shared/default-content';
import { siteContent } from '../../../shared/site-content';
import { storedContent } from './site-content-versions';

/**
 * Who the trust is and how mails and receipts reach it: its name as an admin saved it under Trust
 * details (gifts/receipts/trust-details.ts), its contact details as the published site content states them.
 */
export interface TrustContact {
  /** The trust's name, as a mail's header and signature give it. */
  name: string;
  email: string;
  phone: string;
  address: string;
}

type ContactDetails = Omit<TrustContact, 'name'>;

const contactOf = ({ contact }: { contact: ContactDetails }): ContactDetails => ({
  email: contact.email,
  phone: contact.phone,
  address: contact.address,
});

/** The defaults' name and contact details: what mails and receipts print until an admin saves and staff publish theirs. */
export const DEFAULT_CONTACT: TrustContact = { name: siteContent.legal.name, ...contactOf(DEFAULT_CONTENT) };

const byPool = new WeakMap<Knex, { versionId: number | null; details: ContactDetails }>();

/**
 * The trust's name (Trust details) and contact details (the newest published site content), read
 * at each mail or receipt render in one statement: the saved name by its key and the published
 * version by its index (as the pages' 15 s check reads it), the content sent and parsed only when
 * the version changed since this instance last read it. So a publication or a new name shows in
 * the next mail and receipt, on every instance, at once; and every read is the same one statement,
 * so a donor-link request costs the same whoever asks (transports/routes/link-request.ts).
 */
export async function publishedContact(em: EntityManager): Promise<TrustContact> {
  const knex = em.getConnection().getKnex();
  const cached = byPool.get(knex);
  const [row] = await em.execute<{ name: string | null; id: number | null; content: unknown }[]>(
    `select (select name from trust_settings where id = 1) as name, published.id,
        case when published.id = ? then null else published.content end as content
      from (select 1) as one
      left join (select id, content from site_content_versions where status = 'published'
        order by published_at desc, id desc limit 1) as published on true`,
    [cached?.versionId ?? null],
  );
  const name = row?.name ?? DEFAULT_CONTACT.name;
  const versionId = row?.id ?? null;
  let details = cached?.details;
  if (!details || cached?.versionId !== versionId) {
    details = row?.content ? contactOf(storedContent(row.content)) : contactOf(DEFAULT_CONTENT);
    byPool.set(knex, { versionId, details });
  }
  return { name, ...details };
}
