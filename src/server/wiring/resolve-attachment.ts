import type { EntityManager } from '@mikro-orm/postgresql';
import { receiptAttachment } from '../gifts/receipts/receipt-mail';
import { certificateAttachment } from '../papers/certificates/certificate-mail';
import type { OutboxAttachment } from '../platform/mail/outbox-message.entity';

/** The mail worker's `resolveAttachment`: each kind of attachment rendered by the feature it belongs to. */
export function resolveAttachment(
  em: EntityManager,
  attachment: OutboxAttachment,
): Promise<{ filename: string; content: Buffer }> {
  switch (attachment.type) {
    case 'receipt-pdf':
      return receiptAttachment(em, attachment.receiptId);
    case 'certificate-pdf':
      return certificateAttachment(em, attachment.certificateId);
  }
}
