import { randomBytes } from 'node:crypto';
import { expect, vi } from 'vitest';
import { linkAddress, verifyDonorToken } from '../gifts/donor-keys/donor-link';
import type { ReceivedMail } from '../platform/mail/dev-mailbox';
import type { TestApp } from './test-app';

/** A donor address of its own per test, so each test reads only its messages from the shared mailbox. */
export const donorEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

/** Waits until the app's mail worker has sent everything queued, then returns what reached `to`. */
export async function mailTo(t: TestApp, to: string): Promise<ReceivedMail[]> {
  await vi.waitFor(
    async () => {
      const [row] = await t.db.orm.em.execute<{ count: string }[]>(
        `select count(*) from mail_outbox where status = 'queued'`,
      );
      expect(Number(row?.count)).toBe(0);
    },
    { timeout: 20_000, interval: 50 },
  );
  return t.mailbox.messages.filter((message) => message.to === to);
}

export const subjects = (messages: ReceivedMail[]) => messages.map((message) => message.subject);

/**
 * Asserts that both parts of a received mail carry the donor's own page, at SITE_URL, signed for
 * `email`: the token is read back from the message and verified with the server's key.
 */
export function expectDonorPageLink(
  mail: { subject?: string; text?: string; html?: string | false | null } | undefined,
  email: string,
  siteUrl: string,
  key: Buffer,
) {
  const parts = [mail?.text ?? '', mail?.html || ''];
  for (const part of parts) {
    const token = new RegExp(`${siteUrl}/my-giving\\?token=([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(part)?.[1];
    expect(token, `no donor page link in ${mail?.subject}`).toBeDefined();
    expect(verifyDonorToken(token as string, key)).toBe(linkAddress(email));
  }
}
