import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldCipher } from '../personal-data/field-cipher';
import { type Actor, audit } from '../staff/audit';
import { buildStatement } from './statement';
import type { StatementLayout } from './statement-layout';
import { type StatementDonationKind, StatementPurpose } from './statement-purpose.entity';

/** What the console shows before the download: the form's name, rows and totals (rupees). */
export async function statementSummary(
  em: EntityManager,
  options: { cipher: FieldCipher; layout: StatementLayout; year: string },
) {
  const statement = await buildStatement(em, options);
  return {
    year: statement.year,
    formName: statement.formName,
    rows: statement.rows.length,
    total: Math.round(statement.total / 100),
    unreportable: { count: statement.unreportable.count, total: Math.round(statement.unreportable.total / 100) },
  };
}

/** Every purpose seen on a receipt or already classed, with its donation type (others unless marked). */
export async function listStatementPurposes(em: EntityManager) {
  return em.getConnection().execute<{ purpose: string; donationType: StatementDonationKind }[]>(
    `select purposes.purpose, coalesce(p.donation_type, 'others') as "donationType"
       from (select distinct purpose from receipts where purpose is not null
             union select purpose from statement_purposes) purposes
       left join statement_purposes p on p.purpose = purposes.purpose
      order by purposes.purpose`,
  );
}

/** Classes a purpose; receipts already issued are reported under the new type from the next export on. */
export async function setStatementPurpose(
  em: EntityManager,
  actor: Actor,
  input: { purpose: string; donationType: StatementDonationKind },
) {
  await em.upsert(StatementPurpose, { ...input, updatedAt: new Date() });
  await audit(em, actor, 'statement_purpose_set', input);
  return input;
}
