import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL: 'https://rescue.example.org' });
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('documents the REST paths from the shared schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.servers).toEqual([{ url: 'https://rescue.example.org/api' }]);
    expect(Object.keys(document.paths).sort()).toEqual([
      '/animals/adoptable',
      '/applications',
      '/donations',
      '/subscriptions',
      '/verify-payment',
    ]);

    const create = document.paths['/donations'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['name', 'email', 'phone', 'amount', 'donationType']));
    expect(body.properties.amount).toMatchObject({ type: 'integer', minimum: 100 });
    expect(body.properties.donationType.enum).toEqual(['one-time', 'monthly']);
    // An appeal's gift and a tribute, optional, on both paths.
    for (const path of ['/donations', '/subscriptions']) {
      const { properties, required } = document.paths[path].post.requestBody.content['application/json'].schema;
      expect(properties.appealId).toMatchObject({ type: 'integer' });
      expect(properties.tribute.properties.kind.enum).toEqual(['memory', 'honour']);
      expect(properties.tribute.properties.of.enum).toEqual(['person', 'animal']);
      expect(required).not.toContain('appealId');
      expect(required).not.toContain('tribute');
    }
    expect(create.responses['200'].content['application/json'].schema.properties).toHaveProperty('order');

    const verify = document.paths['/verify-payment'].post;
    expect(Object.keys(verify.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['donation_id', 'razorpay_payment_id', 'razorpay_signature', 'razorpay_order_id']),
    );
    expect(Object.keys(verify.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409']));
  });
});

describe('GET /api/docs', () => {
  it('serves the docs page and its assets from this server, with no outside script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).not.toMatch(/^(https?:)?\/\//);
    const script = sources.find((source) => source.endsWith('swagger-ui-bundle.js'));
    expect(script).toBeDefined();
    const asset = await t.app.inject({ method: 'GET', url: new URL(script ?? '', 'http://x/api/docs/').pathname });
    expect(asset.statusCode).toBe(200);
  });
});
