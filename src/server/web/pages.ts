import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SITE_URL_TOKEN } from '../../shared/site-url-token';

export interface PrerenderedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Reads a prerendered page, fills in the public origin and compresses it once, at start-up. */
export function loadPrerenderedPage(file: string, siteUrl: string): PrerenderedPage {
  const html = readFileSync(file, 'utf8').replaceAll(SITE_URL_TOKEN, siteUrl);
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** Sends a page: brotli, gzip or plain as the browser accepts; revalidated on every visit. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: PrerenderedPage, status: number) {
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'public, max-age=0, must-revalidate')
    .header('vary', 'accept-encoding')
    .header('etag', page.etag);
  if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? page[encoding] : page.identity);
}
