import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The donor's download link for a receipt: `/receipts/<id>.<expiry>.<HMAC>.pdf`. The HMAC (SHA-256
 * under a key derived from DATA_ENCRYPTION_KEY with HKDF, so no second secret has to be kept) over
 * the id and the expiry is what makes it unguessable and unextendable: the receipt id alone opens
 * nothing, and a changed character finds nothing. A link works for 18 months, long enough for the
 * donor's tax return; after that their own page (/my-giving) gives the receipt again.
 *
 * Links sent before links expired (`<id>.<HMAC>`) carry no expiry: they work until 18 months after
 * their receipt was issued (transports/routes/receipt-links.ts checks it), so no link lives forever.
 */
export const RECEIPT_LINK_LIFETIME_MS = 548 * 24 * 60 * 60 * 1000;

export interface ReceiptLinks {
  /**
   * The absolute URL the thank-you panel and the receipt mail link to, valid 18 months from
   * `validFrom` (the receipt's issue, so every link of it is the same; a resend's own time).
   */
  urlFor(receiptId: number, validFrom: Date): string;
  /**
   * The receipt a token names and until when it may be opened (null: an old link without an
   * expiry, good until 18 months after its receipt), or null when the token was not made here.
   */
  verify(token: string): { receiptId: number; expiresAt: Date | null } | null;
}

const PATH = '/receipts/';

export function createReceiptLinks(dataEncryptionKey: Buffer, siteUrl: string): ReceiptLinks {
  const key = Buffer.from(hkdfSync('sha256', dataEncryptionKey, Buffer.alloc(0), 'receipt download links', 32));
  const sign = (subject: string) => createHmac('sha256', key).update(subject).digest('base64url');
  const same = (given: string, expected: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  return {
    urlFor(receiptId, validFrom) {
      const expiry = Math.floor((validFrom.getTime() + RECEIPT_LINK_LIFETIME_MS) / 1000);
      return `${siteUrl}${PATH}${receiptId}.${expiry}.${sign(`receipt:${receiptId}:${expiry}`)}.pdf`;
    },
    verify(token) {
      const current = /^([1-9][0-9]{0,9})\.([1-9][0-9]{9,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (current) {
        const [, id = '', expiry = '', mac = ''] = current;
        if (!same(mac, sign(`receipt:${id}:${expiry}`))) return null;
        return { receiptId: Number(id), expiresAt: new Date(Number(expiry) * 1000) };
      }
      const legacy = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!legacy) return null;
      const [, id = '', mac = ''] = legacy;
      return same(mac, sign(`receipt:${id}`)) ? { receiptId: Number(id), expiresAt: null } : null;
    },
  };
}
