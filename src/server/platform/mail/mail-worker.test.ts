import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { startDevMailbox } from './dev-mailbox';
import { startMailWorker } from './mail-worker';
import { createMailer } from './mailer';
import { enqueueMail } from './outbox';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const log = { info: () => {}, warn: () => {}, error: () => {} };

describe('the mail worker', () => {
  it('sends what is queued while it runs, and stops cleanly', async () => {
    const box = await startDevMailbox();
    const mailer = await createMailer(
      { env: 'test', siteUrl: 'http://localhost', mail: { smtpUrl: `smtp://127.0.0.1:${box.port}`, from: undefined } },
      log,
    );
    const worker = startMailWorker(db.orm, mailer, {
      pollIntervalMs: 20,
      log,
      resolveAttachment: () => Promise.reject(new Error('no attachments here')),
    });
    try {
      await db.orm.em.fork().transactional((em) =>
        enqueueMail(em, {
          eventKey: 'monthly-started-sub_1',
          kind: 'monthly-started',
          to: 'asha@example.com',
          subject: 'Your monthly donation has started',
          text: 'text',
          html: '<p>html</p>',
        }),
      );
      await vi.waitFor(() => expect(box.messages).toHaveLength(1), { timeout: 10_000, interval: 20 });
      expect(box.messages[0]?.messageId).toBe('<monthly-started-sub_1@localhost>');
    } finally {
      await worker.stop();
      await mailer.close();
      await box.close();
    }
  });
});
