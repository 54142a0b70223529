import type { EntityManager } from '@mikro-orm/postgresql';
import { maskTaxId } from '../../../shared/tax-id';
import { type Actor, audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { buildStatement } from './statement';
import type { StatementLayout } from './statement-layout';
import { peopleHashes } from './statement-review';

/**
 * Staff say which receipt's name and address the rows of an ID carry, when its receipts of the year
 * carry more than one person. Stored by the ID's keyed hash with the people seen, audited with who
 * and which receipt (the ID masked), in one transaction.
 */
export async function resolveStatementReview(
  em: EntityManager,
  { cipher, layout, actor }: { cipher: FieldCipher; layout: StatementLayout; actor: Actor },
  input: { year: string; idHash: string; receiptNumber: string },
) {
  return em.transactional(async (tx) => {
    const statement = await buildStatement(tx, { cipher, layout, year: input.year });
    const donor = statement.donors.find((entry) => entry.idHash === input.idHash);
    if (!donor) {
      throw new DomainError('NOT_FOUND', `No Part B row of ${input.year} has this ID`, { field: 'idHash' });
    }
    const receipt = donor.receipts.find((line) => line.number === input.receiptNumber);
    if (!receipt) {
      throw new DomainError('BAD_REQUEST', `Receipt ${input.receiptNumber} is not one of this ID’s receipts`, {
        field: 'receiptNumber',
      });
    }
    await tx.execute(
      `insert into statement_reviews (financial_year, id_hash, receipt_id, people, resolved_by)
       values (?, ?, ?, ?::jsonb, ?)
       on conflict (financial_year, id_hash) do update
          set receipt_id = excluded.receipt_id, people = excluded.people, resolved_by = excluded.resolved_by,
              resolved_at = now()`,
      [input.year, input.idHash, receipt.id, JSON.stringify(peopleHashes(cipher, donor.receipts)), actor.username],
      'run',
    );
    await audit(tx, actor, 'statement_review_resolved', {
      year: input.year,
      id: maskTaxId(donor.idKind, donor.idNumber),
      rows: donor.serialNumbers,
      receiptNumber: receipt.number,
    });
    return { year: input.year, idHash: input.idHash, receiptNumber: receipt.number };
  });
}
