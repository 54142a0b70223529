import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Donation } from '../../gifts/donations/donation.entity';
import { WebhookEvent } from '../../gifts/webhooks/webhook-event.entity';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every path that takes a body, and the body limit each documents. */
const PATHS: [string, number][] = [
  ['/trpc/donation.create', 16 * 1024],
  ['/trpc/subscription.create', 16 * 1024],
  ['/trpc/payment.verify', 16 * 1024],
  // The site's content in three languages (trpc.plugin.ts SITE_CONTENT_BODY_LIMIT_BYTES); staff only.
  ['/trpc/staff.siteContent.saveDraft', 256 * 1024],
  ['/api/donations', 16 * 1024],
  ['/api/subscriptions', 16 * 1024],
  ['/api/verify-payment', 16 * 1024],
  ['/api/webhooks/razorpay', 256 * 1024],
  ['/staff/api/sign-in', 16 * 1024],
  ['/sandbox/checkout/pay', 16 * 1024],
];

const multipart = (size: number) => {
  const boundary = 'xBoundary';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fields = Object.entries(donationBody()).map(([name, value]) => part(name, String(value)));
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: `${fields.join('')}${part('padding', 'x'.repeat(size))}--${boundary}--\r\n`,
  };
};

/** Nothing written: no donation, no webhook event. */
async function rows() {
  const em = t.db.orm.em.fork();
  return { donations: await em.count(Donation), events: await em.count(WebhookEvent) };
}

describe('content types no donor sends', () => {
  const form = multipart(10);
  const bodies: [string, string | undefined, string][] = [
    ['multipart/form-data', form.type, form.body],
    ['a large multipart/form-data', multipart(1024 * 1024).type, multipart(1024 * 1024).body],
    ['text/plain', 'text/plain', JSON.stringify(donationBody())],
    ['urlencoded', 'application/x-www-form-urlencoded', new URLSearchParams(donationBody() as never).toString()],
    ['application/json-seq', 'application/json-seq', JSON.stringify(donationBody())],
  ];
  for (const [path] of PATHS) {
    for (const [what, type, body] of bodies) {
      it(`${path} answers 415 to ${what}`, async () => {
        const before = await rows();
        const response = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': type },
          payload: body,
        });
        expect(response.statusCode).toBe(415);
        expect(response.json()).toEqual({ message: 'Send the body as application/json' });
        expect(await rows()).toEqual(before);
      });
    }

    it(`${path} answers 415 to a body without a content type`, async () => {
      const before = await rows();
      const response = await t.app.inject({ method: 'POST', url: path, payload: JSON.stringify(donationBody()) });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'Send the body as application/json' });
      expect(await rows()).toEqual(before);
    });
  }

  it('takes application/json with a charset, in any case', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/donations',
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
      payload: JSON.stringify(donationBody()),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('body limits on every path', () => {
  for (const [path, limit] of PATHS) {
    it(`${path} answers 413 over ${limit / 1024} KB, with or without Content-Length`, async () => {
      const before = await rows();
      const body = JSON.stringify(donationBody({ name: 'x'.repeat(limit) }));
      const sized = await t.app.inject({
        method: 'POST',
        url: path,
        // The console's routes refuse other sites before reading: come from the site itself.
        headers: { 'content-type': 'application/json', origin: t.config.siteUrl },
        payload: body,
      });
      expect(sized.statusCode).toBe(413);
      expect(sized.json().message).toMatch(/larger than/);
      // Chunked: no length announced, so the limit must hold while reading.
      const chunked = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', origin: t.config.siteUrl },
        payload: Readable.from([body.slice(0, limit / 2), body.slice(limit / 2)]),
      });
      expect(chunked.statusCode).toBe(413);
      expect(await rows()).toEqual(before);
    });
  }
});
