import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { donationFilterSchema, signInInputSchema } from '../../shared/staff.schema';
import type { Orm } from '../db/orm';
import { fieldIssues } from '../http/field-issues';
import { audit } from './audit';
import { donationsCsv } from './csv-export';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from './devices';
import { isSameOrigin } from './origin';
import { ABSOLUTE_LIMIT_SECONDS, endSession, findSession, SESSION_COOKIE } from './sessions';
import { LOCKED_OUT, signIn, WRONG_CREDENTIALS } from './sign-in';

/**
 * What the console does over plain HTTP: signing in and out (they set and clear the cookie) and the
 * CSV export (a file download). Everything else is a `staff.*` procedure.
 */
export async function staffRoutes(app: FastifyInstance, { orm, siteUrl }: { orm: Orm; siteUrl: string }) {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: new URL(siteUrl).protocol === 'https:',
  };

  const refuseCrossSite = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSameOrigin(request.headers, siteUrl)) {
      return reply.code(403).send({ message: 'Refused: the request did not come from the console' });
    }
  };

  app.post('/staff/api/sign-in', { onRequest: refuseCrossSite }, async (request, reply) => {
    const parsed = signInInputSchema.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(parsed.error) });
    }
    const em = orm.em.fork();
    const result = await signIn(
      em,
      parsed.data,
      { ip: request.ip, deviceToken: request.cookies[DEVICE_COOKIE] },
      request.log,
    );
    if (!result.ok) {
      return result.reason === 'locked'
        ? reply.code(429).send({ message: LOCKED_OUT })
        : reply.code(401).send({ message: WRONG_CREDENTIALS });
    }
    reply.setCookie(SESSION_COOKIE, result.token, { ...cookieOptions, maxAge: ABSOLUTE_LIMIT_SECONDS });
    // Sent only to the console's own paths; it lets this browser in while guessers lock the account.
    reply.setCookie(DEVICE_COOKIE, result.deviceToken, {
      ...cookieOptions,
      path: '/staff',
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
    return { staff: result.staff };
  });

  app.post('/staff/api/sign-out', { onRequest: refuseCrossSite }, async (request, reply) => {
    const em = orm.em.fork();
    const staff = await findSession(em, request.cookies[SESSION_COOKIE]);
    if (staff) {
      await endSession(em, staff.sessionId);
      await audit(em, { userId: staff.id, username: staff.username, ip: request.ip }, 'sign_out');
    }
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return reply.code(204).send();
  });

  /** `?filters=<the list's filter as JSON>`: exactly the rows the list shows, newest first. */
  // `warn`: the request log would print the URL, and a search in the filters can be a donor's name.
  const quiet = { logLevel: 'warn' as const };
  app.get<{ Querystring: { filters?: string } }>('/staff/api/donations.csv', quiet, async (request, reply) => {
    const em = orm.em.fork();
    const staff = await findSession(em, request.cookies[SESSION_COOKIE]);
    if (!staff) return reply.code(401).send({ message: 'Sign in to continue' });
    let json: unknown;
    try {
      json = JSON.parse(request.query.filters ?? '{}');
    } catch {
      return reply.code(400).send({ message: 'Invalid input', issues: [{ path: 'filters', message: 'Must be JSON' }] });
    }
    const parsed = donationFilterSchema.safeParse(json);
    if (!parsed.success) {
      const issues = fieldIssues(parsed.error).map((issue) => ({ ...issue, path: `filters.${issue.path}` }));
      return reply.code(400).send({ message: 'Invalid input', issues });
    }
    await audit(em, { userId: staff.id, username: staff.username, ip: request.ip }, 'export', { filters: parsed.data });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="donations-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(donationsCsv(em, parsed.data));
  });
}
