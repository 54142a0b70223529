import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_URL_TOKEN } from '../../../shared/site-url-token';
import { webPlugin } from './web.plugin';

const page = (name: string) =>
  `<!doctype html><html><head><link rel="canonical" href="${SITE_URL_TOKEN}/${name}" /></head><body>${name}</body></html>`;

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-plugin-'));
  writeFileSync(join(dir, 'index.html'), page('home'));
  writeFileSync(join(dir, 'donate.html'), page('donate'));
  writeFileSync(join(dir, '404.html'), page('missing'));
  writeFileSync(join(dir, 'my-giving.html'), page('my-giving'));
  writeFileSync(join(dir, 'staff.html'), page('staff-shell'));
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  app = Fastify();
  await app.register(webPlugin, { clientDir: dir, siteUrl: 'https://rescue.example.org/' });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the prerendered pages', () => {
  it('fill in SITE_URL and come compressed as the browser accepts', async () => {
    const plain = await app.inject({ url: '/' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('href="https://rescue.example.org/home"');
    expect(plain.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const br = await app.inject({ url: '/donate', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('https://rescue.example.org/donate');
    const gzip = await app.inject({ url: '/donate', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<body>donate</body>');
  });

  it('serves the donor page /my-giving with its link token in the query, and never logs that URL', async () => {
    const logged: string[] = [];
    const logging = Fastify({ logger: { level: 'info', stream: { write: (line: string) => logged.push(line) } } });
    await logging.register(webPlugin, { clientDir: dir, siteUrl: 'https://rescue.example.org' });
    const response = await logging.inject({ url: '/my-giving?token=secret-token.signature' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<body>my-giving</body>');
    expect(logged.join('')).not.toContain('secret-token');
    await logging.close();
  });

  it('answers a matching ETag with 304', async () => {
    const first = await app.inject({ url: '/' });
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('sends the 404 page with status 404 for unknown pages and the raw HTML files, JSON for unknown API paths', async () => {
    for (const url of ['/no-such-page', '/index.html', '/donate.html', '/404.html']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<body>missing</body>');
      expect(response.body, url).not.toContain(SITE_URL_TOKEN);
    }
    const api = await app.inject({ url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No route for GET /api/nothing' });
  });

  it('redirects /donate/ to /donate and serves other files as they are', async () => {
    const redirect = await app.inject({ url: '/donate/' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/donate');
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
  });
});

describe('the staff console', () => {
  it('answers /staff and every path under it with its shell, marked noindex', async () => {
    for (const url of ['/staff', '/staff/', '/staff/login?redirect=%2Fstaff', '/staff/donations/12']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<body>staff-shell</body>');
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
    }
  });

  it('leaves unknown console API paths to the JSON 404', async () => {
    const response = await app.inject({ url: '/staff/api/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route for GET /staff/api/nothing' });
  });
});
