import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A body over its route's limit is answered 413 so the client can read it. Fastify's own answer
 * (`Connection: close`, then the socket closed while the client is still sending) made the kernel
 * reset the connection over the unread bytes: the client often got EPIPE or a reset before the
 * status line, and under load always. So the answer is written whole at once, and the rest of the
 * body is read and thrown away before the connection closes, up to DRAIN_BYTES or DRAIN_MS: a
 * client sending more, or more slowly, is cut off (it has had its answer).
 */

/** What is read and thrown away after the answer, at most, before the socket is closed anyway. */
const DRAIN_BYTES = 8 * 1024 * 1024;
const DRAIN_MS = 10_000;

const mediaType = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase();

export const tooLargeMessage = (limit: number) => `The body is larger than ${Math.floor(limit / 1024)} KB`;

/**
 * onRequest: a JSON body whose Content-Length is over the route's limit is refused before a byte
 * of it is read. JSON only: a JSON body's limit is the route's (`routeOptions.bodyLimit`), while an
 * upload's may be its parser's (multipart, certificates), which this hook cannot see; those, and a
 * chunked body with no length, are refused while reading (the app's error handler, answerTooLarge).
 */
export async function refuseOversizedJsonBodies(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const length = Number(request.headers['content-length']);
  const limit = request.routeOptions.bodyLimit;
  if (!(length > limit) || mediaType(request.headers['content-type']) !== 'application/json') return;
  answerTooLarge(request, reply, limit);
}

/** Answers 413 at once, then reads the rest of the body (bounded) before the connection closes. */
export function answerTooLarge(request: FastifyRequest, reply: FastifyReply, limit: number): void {
  const body = JSON.stringify({ message: tooLargeMessage(limit) });
  const incoming = request.raw;
  const response = reply.raw;
  reply.hijack();
  // The headers the earlier hooks set (security headers) go out with it.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) response.setHeader(name, value);
  }
  response.writeHead(413, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  // The whole answer (its length is announced): readable now, while the client still sends.
  response.write(body);
  let read = 0;
  const done = () => {
    clearTimeout(timer);
    incoming.off('data', discard);
    incoming.off('end', done);
    incoming.off('error', done);
    // Ending the response closes the socket (Connection: close); the body read, nothing is reset.
    response.end();
  };
  const discard = (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_BYTES) done();
  };
  const timer = setTimeout(done, DRAIN_MS);
  if (incoming.readableEnded) {
    done();
    return;
  }
  incoming.on('data', discard);
  incoming.once('end', done);
  incoming.once('error', done);
  incoming.resume();
}
