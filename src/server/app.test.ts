import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { Donation } from './gifts/donations/donation.entity';
import { loadConfig } from './platform/core/config';
import { openDatabase } from './platform/db/orm';
import { donationBody } from './test/donation-fixtures';
import { createTestApp } from './test/test-app';
import { createTestDatabase, type TestDatabase } from './test/test-database';
import { buildDependencies, type ServerDependencies } from './wiring/composition-root';
import { ENTITIES } from './wiring/entities';

const config = loadConfig({ NODE_ENV: 'test' });

describe('GET /api/health', () => {
  let db: TestDatabase;
  let deps: ServerDependencies;
  beforeAll(async () => {
    db = await createTestDatabase();
    deps = await buildDependencies(config, db.orm);
  });
  afterAll(async () => {
    await deps.close();
    await db.drop();
  });

  it('answers 200 ok while the database answers', async () => {
    const app = await buildApp({ config, deps });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    await app.close();
  });

  it('answers 503 when the database does not', async () => {
    const orm = await openDatabase(db.url, ENTITIES);
    const app = await buildApp({ config, deps: { ...deps, orm } });
    await orm.close(true);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    await app.close();
  });
});

describe('serving the built client', () => {
  let db: TestDatabase;
  let deps: ServerDependencies;
  let clientDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase();
    deps = await buildDependencies(config, db.orm);
    clientDir = await mkdtemp(join(tmpdir(), 'client-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, 'index.html'), '<h1>home</h1>');
    await writeFile(join(clientDir, '404.html'), '<h1>Page Not Found</h1>');
    await writeFile(join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    app = await buildApp({ config, deps, clientDir });
  });
  afterAll(async () => {
    await app.close();
    await deps.close();
    await db.drop();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('serves / with HTML that revalidates', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<h1>home</h1>');
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('caches fingerprinted assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers an unknown page with the 404 page and status 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('Page Not Found');
  });

  it('answers an unknown API path with JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route for GET /api/nothing-here' });
  });
});

describe('closing the app', () => {
  it('waits for a procedure call still running, so its donation is not left half-written', async () => {
    const t = await createTestApp();
    try {
      // The order is created only after Razorpay answers, which the emulator delays.
      t.emulator.setLatency(300);
      const call = t.app.inject({ method: 'POST', url: '/api/donations', payload: donationBody() });
      const em = t.db.orm.em.fork();
      while ((await em.count(Donation, {})) === 0) await new Promise((resolve) => setTimeout(resolve, 10));

      await t.app.close();
      const [donation] = await t.db.orm.em.fork().find(Donation, {});
      expect(donation?.razorpayOrderId).toMatch(/^order_/);
      expect((await call).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
