import type { FastifyInstance, FastifyReply } from 'fastify';
import { signInInputSchema } from '../../../shared/staff.schema';
import { audit } from '../../platform/audit/audit';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from '../../platform/staff/devices';
import { ABSOLUTE_LIMIT_SECONDS, endSession, findSession, SESSION_COOKIE } from '../../platform/staff/sessions';
import { LOCKED_OUT, signIn, WRONG_CREDENTIALS } from '../../platform/staff/sign-in';
import { refuseCrossSite } from './refuse-cross-site';

/**
 * Signing in and out of the console: plain routes, as they set and clear the session cookie (and
 * the device cookie of platform/staff/devices.ts). Everything else is a `staff.*` procedure or a download.
 */
export async function staffSessionRoutes(app: FastifyInstance, { orm, siteUrl }: { orm: Orm; siteUrl: string }) {
  const cookieOptions = sessionCookieOptions(siteUrl);

  app.post('/staff/api/sign-in', { onRequest: refuseCrossSite(siteUrl) }, async (request, reply) => {
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
    setSignedInCookies(reply, siteUrl, result);
    return { staff: result.staff };
  });

  app.post('/staff/api/sign-out', { onRequest: refuseCrossSite(siteUrl) }, async (request, reply) => {
    const em = orm.em.fork();
    const staff = await findSession(em, request.cookies[SESSION_COOKIE]);
    if (staff) {
      await endSession(em, staff.sessionId);
      await audit(em, { userId: staff.id, username: staff.username, ip: request.ip }, 'sign_out');
    }
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return reply.code(204).send();
  });
}

function sessionCookieOptions(siteUrl: string) {
  return { httpOnly: true, sameSite: 'strict' as const, path: '/', secure: new URL(siteUrl).protocol === 'https:' };
}

/** A signed-in browser's cookies: set by the sign-in and by the first admin's setup (transports/routes/staff-setup.ts). */
export function setSignedInCookies(
  reply: FastifyReply,
  siteUrl: string,
  { token, deviceToken }: { token: string; deviceToken: string },
) {
  const cookieOptions = sessionCookieOptions(siteUrl);
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: ABSOLUTE_LIMIT_SECONDS });
  // Sent only to the console's own paths; it lets this browser in while guessers lock the account.
  reply.setCookie(DEVICE_COOKIE, deviceToken, {
    ...cookieOptions,
    path: '/staff',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
