import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldCipher } from '../personal-data/field-cipher';
import { getTrustDetails } from '../receipts/trust-details';
import {
  formatStatementDate,
  formNameFor,
  portalText,
  type StatementField,
  type StatementLayout,
  sectionCodeFor,
} from './statement-layout';
import type { StatementDonationKind } from './statement-purpose.entity';

/** One receipt as the statement reads it: what was acknowledged is what is reported. */
interface ReceiptLine {
  number: string;
  issuedAt: Date;
  amount: number;
  purpose: string | null;
  donorName: string;
  donorEmail: string;
  donorAddress: string | null;
  donorIdKind: 'pan' | 'aadhaar' | null;
  donorIdEncrypted: string | null;
  donationType: StatementDonationKind;
}

/** A gift the statement cannot carry: the donor gave neither PAN nor Aadhaar. */
export interface UnreportableGift {
  receiptNumber: string;
  issuedAt: Date;
  donorName: string;
  donorEmail: string;
  /** In paise. */
  amount: number;
}

export interface Statement {
  year: string;
  formName: string;
  /** Part B's rows, each keyed by the layout's fields, in the order they are filed. */
  rows: Record<StatementField, string>[];
  /** In paise, before rounding each row to whole rupees. */
  total: number;
  unreportable: { count: number; total: number; gifts: UnreportableGift[] };
}

/** Issued (not cancelled) receipts of the year, oldest first, each with its purpose's donation type. */
async function receiptLines(em: EntityManager, year: string): Promise<ReceiptLine[]> {
  return em.execute<ReceiptLine[]>(
    `select r.number, r.issued_at as "issuedAt", r.amount, r.purpose, r.donor_name as "donorName",
            r.donor_email as "donorEmail", r.donor_address as "donorAddress", r.donor_id_kind as "donorIdKind",
            r.donor_id_encrypted as "donorIdEncrypted", coalesce(p.donation_type, 'others') as "donationType"
       from receipts r left join statement_purposes p on p.purpose = r.purpose
      where r.financial_year = ? and r.status = 'issued'
      order by r.issued_at, r.id`,
    [year],
  );
}

/** The same PAN however it was typed (case, spaces) is one donor. */
const normaliseId = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * The statement of donations for a financial year: one row per donor (by PAN or Aadhaar) per
 * donation type, summing all their issued receipts, named and addressed as on their latest gift.
 */
export async function buildStatement(
  em: EntityManager,
  { cipher, layout, year }: { cipher: FieldCipher; layout: StatementLayout; year: string },
): Promise<Statement> {
  const lines = await receiptLines(em, year);
  const trust = await getTrustDetails(em);
  const groups = new Map<
    string,
    { kind: 'pan' | 'aadhaar'; id: string; type: StatementDonationKind; amount: number }
  >();
  /** Each donor's latest gift, whatever its type: their rows carry its name and address. */
  const latest = new Map<string, ReceiptLine>();
  const unreportable: UnreportableGift[] = [];
  let total = 0;
  for (const line of lines) {
    const amount = Number(line.amount);
    if (!line.donorIdEncrypted || !line.donorIdKind) {
      unreportable.push({
        receiptNumber: line.number,
        issuedAt: new Date(line.issuedAt),
        donorName: line.donorName,
        donorEmail: line.donorEmail,
        amount,
      });
      continue;
    }
    const id = normaliseId(cipher.decrypt(line.donorIdEncrypted));
    const donor = `${line.donorIdKind}:${id}`;
    const key = `${donor}:${line.donationType}`;
    const group = groups.get(key);
    total += amount;
    // Lines come oldest first, so the last one seen is the latest gift.
    latest.set(donor, line);
    if (group) group.amount += amount;
    else groups.set(key, { kind: line.donorIdKind, id, type: line.donationType, amount });
  }
  const rows = [...groups.values()].map((group, index): Record<StatementField, string> => {
    const { donorName, donorAddress } = latest.get(`${group.kind}:${group.id}`) as ReceiptLine;
    return {
      serialNumber: String(index + 1),
      preAcknowledgementNumber: '',
      idCode: layout.idCodes[group.kind],
      idNumber: group.id,
      sectionCode: sectionCodeFor(layout, year),
      urn: trust.registration80g,
      urnDate: formatStatementDate(layout, trust.approvedOn),
      name: portalText(donorName, layout.maxNameLength, layout),
      address: portalText(donorAddress ?? '', layout.maxAddressLength, layout),
      donationType: layout.donationTypes[group.type] ?? group.type,
      modeOfReceipt: layout.modeOfReceipt,
      amount: String(Math.round(group.amount / 100)),
    };
  });
  const unreportableTotal = unreportable.reduce((sum, gift) => sum + gift.amount, 0);
  return {
    year,
    formName: formNameFor(layout, year),
    rows,
    total,
    unreportable: { count: unreportable.length, total: unreportableTotal, gifts: unreportable },
  };
}
