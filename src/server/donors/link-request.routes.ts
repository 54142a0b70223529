import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { donorLinkRequestSchema } from '../../shared/annual.schema';
import type { Orm } from '../db/orm';
import { fieldIssues } from '../http/field-issues';
import { enqueueMail } from '../mail/outbox';
import { donorLink, normaliseEmail } from './donor-link';
import { donorLinkMail } from './donor-mail';

const ONE_MINUTE_MS = 60_000;

/** Refuses a second request within a minute for the same key; forgets keys once their minute is over. */
export class OncePerMinute {
  private readonly last = new Map<string, number>();

  take(key: string, now = Date.now()): boolean {
    for (const [seen, at] of this.last) if (now - at >= ONE_MINUTE_MS) this.last.delete(seen);
    if (this.last.has(key)) return false;
    this.last.set(key, now);
    return true;
  }
}

/** Whether anyone gave with this address, as the donation rows or the receipts recorded it. */
async function isKnownDonor(orm: Orm, email: string): Promise<boolean> {
  const rows = await orm.em
    .fork()
    .getConnection()
    .execute(
      `select 1 from donations where lower(email) = ? union all select 1 from receipts where lower(donor_email) = ? limit 1`,
      [email, email],
    );
  return rows.length > 0;
}

export const LINK_SENT = 'If this address has given to us, a link to your page is on its way. It works for 24 hours.';

/**
 * `POST /api/my-giving/link` { email }: the same answer whether or not the address is known (so the
 * page tells no one who gives), one request a minute per client address and per e-mail (429).
 */
export async function linkRequestRoutes(
  app: FastifyInstance,
  { orm, siteUrl, personalDataKey }: { orm: Orm; siteUrl: string; personalDataKey: Buffer },
) {
  const perAddress = new OncePerMinute();
  const perEmail = new OncePerMinute();
  app.post('/api/my-giving/link', async (request, reply) => {
    const parsed = donorLinkRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(parsed.error) });
    const email = normaliseEmail(parsed.data.email);
    // Both are spent on every request, so neither limit tells a known address from an unknown one.
    const addressAllowed = perAddress.take(request.ip);
    const emailAllowed = perEmail.take(email);
    if (!addressAllowed || !emailAllowed) {
      return reply
        .code(429)
        .header('retry-after', '60')
        .send({ message: 'One link a minute: please wait a minute and try again' });
    }
    if (await isKnownDonor(orm, email)) {
      const mail = donorLinkMail(new URL(donorLink(email, personalDataKey), siteUrl).toString());
      await enqueueMail(orm.em.fork(), {
        ...mail,
        eventKey: `donor-link-${randomUUID()}`,
        kind: 'donor-link',
        to: email,
      });
    }
    return reply.code(202).send({ message: LINK_SENT });
  });
}
