import type { EntityManager } from '@mikro-orm/postgresql';
import { certificateAttachment } from '../certificates/certificate-mail';
import type { OutboxAttachment } from '../mail/outbox-message.entity';
import { receiptAttachment } from '../receipts/receipt-mail';

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
