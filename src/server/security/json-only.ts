import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The paths that take JSON: REST (webhook included), tRPC, the staff console's routes and the sandbox
 * checkout's calls. The sandbox's emulated Razorpay API keeps its own rules, as Razorpay's does.
 */
const API_PATH = /^\/(api|trpc|staff\/api|sandbox\/checkout)([/?]|$)/;

/** A body announces itself by a non-zero Content-Length or by chunked transfer. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * Every API path takes JSON only; anything else is refused before a byte of it is read. Without
 * this, tRPC's adapter reads `multipart/form-data` itself, whole and with no size limit, and
 * Fastify's default `text/plain` parser hands strings to routes that expect JSON.
 */
export async function refuseNonJsonBodies(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!API_PATH.test(request.url) || !hasBody(request) || isJson(request.headers['content-type'])) return;
  await reply.code(415).send({ message: 'Send the body as application/json' });
}
