import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../../shared/default-content';
import { donorToken } from '../../gifts/donor-keys/donor-link';
import { donationBody } from '../../test/donation-fixtures';
import { pdfText } from '../../test/donor-fixtures';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, type TestApp } from '../../test/test-app';
import { resolveDataEncryptionKey } from '../personal-data/data-encryption-key';

/** The trust's contact details in mails and receipts are the published site content's, not the defaults. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  deliverSandboxWebhooks(t);
  await t.addAccount('secretary', 'admin');
  admin = await t.signIn('secretary');
});
afterAll(() => t.close());

const NEW_EMAIL = 'care@rescue-trust.example.org';
const NEW_PHONE = '+91 44 2345 6789';

const staffCall = async (path: string, input: unknown) => {
  const response = await callProcedure(t.app, `staff.siteContent.${path}`, 'mutation', { token: admin, input });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as { id: number };
};

describe('the contact details a mail and a receipt give', () => {
  it('are the published content’s once it is published', async () => {
    const content = structuredClone(DEFAULT_CONTENT);
    content.contact.email = NEW_EMAIL;
    content.contact.phone = NEW_PHONE;
    const draft = await staffCall('saveDraft', content);
    await staffCall('publish', { id: draft.id });

    const email = donorEmail('contact');
    // No PAN: the receipt and its mail say where to write to add one.
    const created = await t.caller.donation.create(donationBody({ email, amount: 50_000 }));
    await t.emulator.completePayment({ orderId: created.order.id });
    await t.emulator.webhooksIdle();

    const [mail] = await mailTo(t, email);
    for (const part of [mail?.text ?? '', mail?.html || '']) {
      expect(part).toContain(NEW_EMAIL);
      expect(part).toContain(NEW_PHONE);
      expect(part).not.toContain(DEFAULT_CONTENT.contact.email);
    }

    const link = /\/receipts\/[A-Za-z0-9_.-]+\.pdf/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    const pdf = await t.app.inject({ url: link as string });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).join(' ');
    expect(text).toContain(NEW_EMAIL);
    expect(text).toContain(NEW_PHONE);
    expect(text).not.toContain(DEFAULT_CONTENT.contact.email);
  });

  it('are the published content’s in the last mail of an erasure too', async () => {
    // Published by the test above (the tests run in order in this file).
    const email = donorEmail('erased');
    const created = await t.caller.donation.create(donationBody({ email, amount: 50_000 }));
    await t.emulator.completePayment({ orderId: created.order.id });
    await t.emulator.webhooksIdle();
    const token = donorToken(email, resolveDataEncryptionKey(t.config));
    const asked = await t.app.inject({
      method: 'POST',
      url: '/trpc/donor.requestErasure',
      headers: { 'x-donor-token': token },
      payload: {},
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const done = await callProcedure(t.app, 'staff.erasure.complete', 'mutation', {
      token: admin,
      input: { id: asked.json().result.data.id },
    });
    expect(done.statusCode, done.body).toBe(200);

    const erased = (await mailTo(t, email)).find((mail) => mail.subject === 'Your personal details have been erased');
    expect(erased).toBeDefined();
    expect(erased?.text).toContain(NEW_EMAIL);
    expect(erased?.text).toContain(NEW_PHONE);
    expect(erased?.text).not.toContain(DEFAULT_CONTENT.contact.email);
  });
});
