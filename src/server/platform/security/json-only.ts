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

const mediaType = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase();

function isJson(contentType: string | undefined): boolean {
  return mediaType(contentType) === 'application/json';
}

/** The staff uploads that are files, not JSON: each path takes only its own types (and its route checks the session). */
const FILE_UPLOADS: { path: RegExp; types: string[] }[] = [
  { path: /^\/staff\/api\/certificates(\?|$)/, types: ['application/pdf', 'application/zip'] },
  { path: /^\/staff\/api\/offline-gifts\/import(\?|$)/, types: ['text/csv'] },
  { path: /^\/staff\/api\/images(\?|$)/, types: ['multipart/form-data'] },
];

function isAllowedUpload(request: FastifyRequest): boolean {
  const type = mediaType(request.headers['content-type']);
  return FILE_UPLOADS.some(
    (upload) => upload.path.test(request.url) && type !== undefined && upload.types.includes(type),
  );
}

/**
 * Every API path takes JSON only; anything else is refused before a byte of it is read. Without
 * this, tRPC's adapter reads `multipart/form-data` itself, whole and with no size limit, and
 * Fastify's default `text/plain` parser hands strings to routes that expect JSON.
 */
export async function refuseNonJsonBodies(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!API_PATH.test(request.url) || !hasBody(request) || isJson(request.headers['content-type'])) return;
  if (request.method === 'POST' && isAllowedUpload(request)) return;
  await reply.code(415).send({ message: 'Send the body as application/json' });
}
