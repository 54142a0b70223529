import type { EntityManager } from '@mikro-orm/postgresql';
import { financialYearOf, financialYearStarting } from '../../shared/india-time';
import type { FieldCipher } from '../personal-data/field-cipher';
import { type Actor, audit } from '../staff/audit';
import { buildStatement } from './statement';
import type { StatementLayout } from './statement-layout';
import { type StatementDonationKind, StatementPurpose } from './statement-purpose.entity';

/** What the console shows before the download: the form's name, rows, donors and totals (rupees). */
export async function statementSummary(
  em: EntityManager,
  options: { cipher: FieldCipher; layout: StatementLayout; year: string },
) {
  const statement = await buildStatement(em, options);
  // The rows as filed, summed by the donation type they carry (in the layout's words and order).
  const byType = new Map(
    Object.values(options.layout.donationTypes).map((label) => [label, { donationType: label, rows: 0, total: 0 }]),
  );
  for (const row of statement.rows) {
    const entry = byType.get(row.donationType);
    if (!entry) continue;
    entry.rows += 1;
    entry.total += Number(row.amount);
  }
  return {
    year: statement.year,
    formName: statement.formName,
    rows: statement.rows.length,
    donors: new Set(statement.rows.map((row) => `${row.idCode}:${row.idNumber}`)).size,
    total: Math.round(statement.total / 100),
    byType: [...byType.values()].filter((type) => type.rows > 0),
    unreportable: { count: statement.unreportable.count, total: Math.round(statement.unreportable.total / 100) },
  };
}

/** Every purpose seen on a receipt or already classed, with its donation type (others unless marked). */
export async function listStatementPurposes(em: EntityManager) {
  return em.execute<{ purpose: string; donationType: StatementDonationKind }[]>(
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

/**
 * The years the console offers: every year with a receipt, the current one and the last closed one
 * (the one to file, and the page's default), newest first.
 */
export async function statementYears(em: EntityManager, now: Date = new Date()) {
  const current = financialYearOf(now);
  const lastClosed = financialYearStarting(current.startYear - 1).label;
  const seen = await em.execute<{ year: string }[]>('select distinct financial_year as year from receipts');
  const years = new Set([current.label, lastClosed, ...seen.map((row) => row.year)]);
  return { years: [...years].sort().reverse(), lastClosed };
}
