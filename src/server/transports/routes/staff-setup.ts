import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstAdminInputSchema, setupCheckInputSchema } from '../../../shared/staff.schema';
import { createFirstAdmin } from '../../console/first-admin/first-admin';
import { type SetupRefusal, setupRefusal } from '../../console/first-admin/setup-link';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import type { CounterStore } from '../../platform/security/counter-keys';
import { spendFromLimits } from '../../platform/security/shared-counters';
import { refuseCrossSite } from './refuse-cross-site';
import { setSignedInCookies } from './staff-session';

/** Tries of a setup link per client address: plenty for a trustee, nothing for a guesser of 256 bits. */
export const SETUP_TRIES = { max: 10, windowMs: 15 * 60_000 };

/** A guessed link is forbidden (403); one that worked once, or no longer can, is gone (410). */
const REFUSALS: Record<SetupRefusal, { status: 403 | 410; message: string }> = {
  unknown: { status: 403, message: "This setup link is not valid. Copy the whole link from the server's log." },
  used: { status: 410, message: 'This setup link was already used.' },
  expired: {
    status: 410,
    message: 'This setup link has expired: it works for 24 hours. Restart the server: it prints a new link.',
  },
  replaced: {
    status: 410,
    message:
      'A newer link was printed when the server restarted; use the newest one (the last "setup link" line in the server\'s output).',
  },
  done: { status: 410, message: 'Setup is done: an admin account exists. Sign in instead.' },
};

/**
 * The first admin's setup (console/first-admin/setup-link.ts, console/first-admin/first-admin.ts): plain routes, as the setup
 * signs the new admin in with the session cookie. `check` tells the page whether its link works
 * before the trustee types anything; both spend from one limit per client address, in PostgreSQL.
 */
export async function staffSetupRoutes(
  app: FastifyInstance,
  { orm, siteUrl, counters }: { orm: Orm; siteUrl: string; counters: CounterStore },
) {
  const sameSiteOnly = refuseCrossSite(siteUrl);

  /** Spends one try of the client's address; false (and the 429 sent) when none is left. */
  const spendTry = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const outcome = await spendFromLimits(
      counters,
      [{ key: `staff-setup:address:${request.ip}`, ...SETUP_TRIES }],
      Date.now(),
    );
    if (outcome.spent) return true;
    await reply
      .code(429)
      .header('retry-after', String(Math.ceil(outcome.retryAfterMs / 1000)))
      .send({ message: 'Too many tries of a setup link: wait 15 minutes and try again' });
    return false;
  };
  const refuse = (reply: FastifyReply, reason: SetupRefusal) => {
    const { status, message } = REFUSALS[reason];
    return reply.code(status).send({ message, reason });
  };

  app.post('/staff/api/setup/check', { onRequest: sameSiteOnly }, async (request, reply) => {
    const parsed = setupCheckInputSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(parsed.error) });
    if (!(await spendTry(request, reply))) return reply;
    const reason = await setupRefusal(orm.em.fork(), parsed.data.token);
    return reason ? refuse(reply, reason) : { ready: true };
  });

  app.post('/staff/api/setup', { onRequest: sameSiteOnly }, async (request, reply) => {
    const parsed = firstAdminInputSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(parsed.error) });
    if (!(await spendTry(request, reply))) return reply;
    const result = await createFirstAdmin(orm.em.fork(), parsed.data, request.ip);
    if (!result.ok) return refuse(reply, result.reason);
    setSignedInCookies(reply, siteUrl, result);
    return { staff: result.staff };
  });
}
