import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SITE_URL_TOKEN } from '../../../shared/site-url-token';

export interface PrerenderedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
const etagOf = (identity: Buffer) => `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;

/** Reads a prerendered page, fills in the public origin and compresses it once, at start-up. */
export function loadPrerenderedPage(file: string, siteUrl: string): PrerenderedPage {
  const html = readFileSync(file, 'utf8').replaceAll(SITE_URL_TOKEN, siteUrl);
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, BROTLI),
    gzip: gzipSync(identity, { level: 9 }),
    etag: etagOf(identity),
  };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page rendered at run time (./site-pages.ts), made ready to send as loadPrerenderedPage makes a
 * built one: the origin filled in, brotli and gzip at their best, its ETag the hash of its bytes.
 * Compressed on libuv's threads, so the server keeps answering meanwhile.
 */
export async function preparePage(html: string, siteUrl: string): Promise<PrerenderedPage> {
  const identity = Buffer.from(html.replaceAll(SITE_URL_TOKEN, siteUrl));
  const [br, gzipped] = await Promise.all([brotliAsync(identity, BROTLI), gzipAsync(identity, { level: 9 })]);
  return { identity, br, gzip: gzipped, etag: etagOf(identity) };
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
