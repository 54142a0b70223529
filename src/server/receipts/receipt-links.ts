import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The donor's download link for a receipt: `/receipts/<id>.<HMAC>.pdf`. The HMAC (SHA-256 under a
 * key derived from DATA_ENCRYPTION_KEY with HKDF, so no second secret has to be kept) is what makes
 * it unguessable: the receipt id alone opens nothing, and a changed character finds nothing.
 */
export interface ReceiptLinks {
  /** The absolute URL the thank-you panel and the receipt mail link to. */
  urlFor(receiptId: number): string;
  /** The receipt id a token names, or null when the token was not made here (or was altered). */
  receiptIdOf(token: string): number | null;
}

const PATH = '/receipts/';

export function createReceiptLinks(dataEncryptionKey: Buffer, siteUrl: string): ReceiptLinks {
  const key = Buffer.from(hkdfSync('sha256', dataEncryptionKey, Buffer.alloc(0), 'receipt download links', 32));
  const sign = (id: number) => createHmac('sha256', key).update(`receipt:${id}`).digest('base64url');
  return {
    urlFor: (receiptId) => `${siteUrl}${PATH}${receiptId}.${sign(receiptId)}.pdf`,
    receiptIdOf(token) {
      const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const id = Number(match[1]);
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(match[2] ?? '');
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}
