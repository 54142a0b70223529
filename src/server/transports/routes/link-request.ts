import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { donorLinkRequestSchema } from '../../../shared/annual.schema';
import { donorLink, linkAddress } from '../../gifts/donor-keys/donor-link';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import { enqueueMail } from '../../platform/mail/outbox';
import { donorLinkMail } from '../../platform/mail/templates';
import { counterStore } from '../../platform/security/counter-keys';
import { spendFromLimits } from '../../platform/security/shared-counters';
import { publishedContact } from '../../platform/site-content/published-contact';

export const LINK_SENT =
  'If this address has given to us or applied to adopt, foster, volunteer or partner, a link to your page is on its way. It works for 24 hours.';

/**
 * Whether anyone gave with this address (three `?`), as the donation rows or the receipts recorded it,
 * or applied to adopt, foster, volunteer or partner with it (the same page shows their applications).
 * A receipt kept only for the tax law after its donor's erasure knows no donor any more: an erased
 * address is as unknown as one that never gave (the same answer, and no mail).
 */
const KNOWN_DONOR = `exists (select 1 from donations where lower(email) = ?)
  or exists (select 1 from receipts r where lower(r.donor_email) = ?
               and not exists (select 1 from erasure_requests e where e.kept_receipt_ids @> to_jsonb(r.id)))
  or exists (select 1 from applications where lower(email) = ?)`;

/**
 * `POST /api/my-giving/link` { email, language? } (the mail in `language`, English without it): the same answer whether or not the address is known, after
 * the same work: one statement spends the limits, one queues the mail only if the address has
 * given (the condition inside the insert), so neither the answer nor its timing tells who gives.
 * One request a minute per client address and per e-mail (429), counted in PostgreSQL so every
 * instance shares the limit.
 */
export async function linkRequestRoutes(
  app: FastifyInstance,
  { orm, siteUrl, personalDataKey }: { orm: Orm; siteUrl: string; personalDataKey: Buffer },
) {
  const counters = counterStore(orm.em.getConnection().getKnex(), personalDataKey);
  app.post('/api/my-giving/link', async (request, reply) => {
    const parsed = donorLinkRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(parsed.error) });
    const email = linkAddress(parsed.data.email);
    const minute = { max: 1, windowMs: 60_000 };
    const limits = await spendFromLimits(
      counters,
      [
        { key: `link:address:${request.ip}`, ...minute },
        { key: `link:email:${email}`, ...minute },
      ],
      Date.now(),
    );
    if (!limits.spent) {
      return reply
        .code(429)
        .header('retry-after', '60')
        .send({ message: 'One link a minute: please wait a minute and try again' });
    }
    const { language } = parsed.data;
    // The page in the language it was asked from: a Tamil request's link opens /ta/my-giving.
    const em = orm.em.fork();
    const mail = donorLinkMail(
      new URL(donorLink(email, personalDataKey, new Date(), language), siteUrl).toString(),
      language,
      await publishedContact(em),
    );
    await enqueueMail(
      em,
      { ...mail, eventKey: `donor-link-${randomUUID()}`, kind: 'donor-link', to: email },
      { where: KNOWN_DONOR, params: [email, email, email] },
    );
    return reply.code(202).send({ message: LINK_SENT });
  });
}
