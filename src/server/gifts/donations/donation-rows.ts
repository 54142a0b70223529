import type { Knex } from '@mikro-orm/knex';
import type { DonationInput } from '../../../shared/donation.schema';
import { batchPerTurn } from '../../platform/db/batch-per-turn';
import { placeholders } from '../../platform/db/placeholders';
import { pooledQuery } from '../../platform/db/pooled-query';
import type { TaxReceiptColumns } from '../../platform/personal-data/tax-receipt-columns';
import type { BudgetSpend } from '../../platform/security/donation-budget';
import { spendLimitsArguments, spendLimitsCall, spendOutcome } from '../../platform/security/shared-counters';

/**
 * The create path's two writes to a donation row: the INSERT … RETURNING that records a donor's
 * attempt, and the conditional UPDATE that gives it Razorpay's order id.
 *
 * They are plain SQL rather than the ORM's unit of work: on this, the busiest path, change tracking
 * and flush planning cost about as much CPU as everything else together under load, and even the
 * ORM's `execute` about doubles a statement's CPU, so they go straight to node-postgres on a pooled
 * connection (platform/db/pooled-query.ts). The rows of donors starting in the same turn of the event loop
 * share one statement (platform/db/batch-per-turn.ts): each donation still gets its own row and its own
 * answer, and one refused row fails only its own donor. The INSERT also spends each donor's budgets
 * (platform/security/donation-budget.ts), so a create's limits and its row cost one round trip together.
 */
export interface DonationRows {
  /**
   * Stores a new pending donation; answers its id, or null when it names an appeal that takes no
   * gifts (unknown, a draft, closed or past its end date): then nothing is stored. With `budget`,
   * spends it in the same statement: when a budget is full, nothing is stored or spent and the
   * call throws the budget's refusal.
   */
  insert(donation: NewDonation): Promise<number | null>;
  /** Gives a donation Razorpay's order id; false when the row has moved on (no longer pending, or has one). */
  recordOrder(donationId: number, orderId: string): Promise<boolean>;
}

export interface NewDonation {
  input: DonationInput;
  tax: TaxReceiptColumns;
  budget?: BudgetSpend;
  /** The animal a sponsor's monthly gift is for, checked by its caller (animals/sponsors/sponsorship.ts). */
  animalId?: number | null;
}

/**
 * Every column a new donation row is written with, its type (for the appeal's statement, whose
 * VALUES PostgreSQL cannot type from the table) and where its value comes from: one line per column.
 */
const DONATION_COLUMNS: [column: string, type: string, value: (donation: NewDonation) => unknown][] = [
  ['name', 'text', ({ input }) => input.name],
  ['email', 'text', ({ input }) => input.email],
  ['phone', 'text', ({ input }) => input.phone],
  ['amount', 'int', ({ input }) => input.amount],
  ['donation_type', 'text', ({ input }) => input.donationType],
  ['purpose', 'text', ({ input }) => input.purpose ?? null],
  ['status', 'text', () => 'pending'],
  ['address', 'text', ({ tax }) => tax.address],
  ['tax_id_kind', 'text', ({ tax }) => tax.taxIdKind],
  ['tax_id_masked', 'text', ({ tax }) => tax.taxIdMasked],
  ['tax_id_encrypted', 'text', ({ tax }) => tax.taxIdEncrypted],
  ['appeal_id', 'int', ({ input }) => input.appealId ?? null],
  ['tribute', 'jsonb', ({ input }) => (input.tribute ? JSON.stringify(input.tribute) : null)],
  ['language', 'text', ({ input }) => input.language ?? 'en'],
  ['news_consent_wish', 'boolean', ({ input }) => input.newsConsent === true],
  ['animal_id', 'int', ({ animalId }) => animalId ?? null],
];
const COLUMN_LIST = DONATION_COLUMNS.map(([column]) => `"${column}"`).join(', ');

/** Gifts are taken by a published appeal until the end of its last India day. */
export const APPEAL_TAKES_GIFTS = `"appeal"."status" = 'published'
  and ("appeal"."ends_on" is null or "appeal"."ends_on" >= (now() at time zone 'Asia/Kolkata')::date)`;

/**
 * A batch of rows, and the budgets their donors spend, in one statement: the spends first (each
 * donor's by their place in the batch, `spend_limits`'s arrays after the rows' parameters), then
 * the rows whose budgets had room and whose appeal, if any, takes gifts (no read before the write,
 * so an appeal closed meanwhile is never given to). Each row's id is drawn here, beside its place,
 * so each donor gets their own row's id; the answer is one line per place.
 */
const insertSql = (rows: number) =>
  `with "spent" as (select "item", "full_position", "retry_ms" from ${spendLimitsCall(rows * (DONATION_COLUMNS.length + 1) + 1)}),
  "given" as (
    select * from (values ${placeholders(rows, DONATION_COLUMNS.length + 1, ['::int', ...DONATION_COLUMNS.map(([, type]) => `::${type}`)])})
      as "given" ("place", ${COLUMN_LIST})),
  "taken" as (
    select nextval(pg_get_serial_sequence('donations', 'id')) as "id", "given".* from "given"
     where not exists (select 1 from "spent" where "spent"."item" = "given"."place" and "spent"."full_position" is not null)
       and ("given"."appeal_id" is null
        or exists (select 1 from "appeals" as "appeal" where "appeal"."id" = "given"."appeal_id" and ${APPEAL_TAKES_GIFTS}))),
  "inserted" as (
    insert into "donations" ("id", ${COLUMN_LIST}) select "id", ${COLUMN_LIST} from "taken")
  select "given"."place", "taken"."id", "spent"."full_position", "spent"."retry_ms"
    from "given" left join "taken" on "taken"."place" = "given"."place" left join "spent" on "spent"."item" = "given"."place"`;

/**
 * Only a donation still waiting for its order takes one: a row another path has moved on is left
 * alone. Each row is found by its id (the primary key); the check that it still waits is written as
 * one `is true` test, which no index can serve, so the planner cannot choose the status index
 * instead. It did whenever the table's statistics said few rows were pending (a table that grew
 * since its last ANALYZE, as a new one does): then every batch read every pending row.
 */
const recordOrderSql = (rows: number) =>
  `update "donations" as "donation" set "razorpay_order_id" = "given"."order_id"
  from (values ${placeholders(rows, 2, ['::int', '::text'])}) as "given" ("id", "order_id")
  where "donation"."id" = "given"."id"
    and ("donation"."status" = 'pending' and "donation"."razorpay_order_id" is null) is true
  returning "donation"."id", "given"."order_id"`;

const rowsByPool = new WeakMap<Knex, DonationRows>();

/** The donation rows of the app's connection pool (one batch per turn for the whole pool). */
export function donationRows(knex: Knex): DonationRows {
  let rows = rowsByPool.get(knex);
  if (!rows) {
    rows = {
      // Each row's place and columns; the spends' five arrays (one parameter each) are one more.
      insert: refusingOverBudget(batchPerTurn(insertMany(knex), { parametersPerCall: DONATION_COLUMNS.length + 2 })),
      recordOrder: batchedRecordOrder(knex),
    };
    rowsByPool.set(knex, rows);
  }
  return rows;
}

function insertMany(knex: Knex) {
  return async (donations: NewDonation[]): Promise<(number | null | Error)[]> => {
    const { rows } = await pooledQuery<{
      place: number;
      id: string | null;
      full_position: number | null;
      retry_ms: number | null;
    }>(knex, insertSql(donations.length), [
      ...donations.flatMap((donation, place) => [place, ...DONATION_COLUMNS.map(([, , value]) => value(donation))]),
      ...spendLimitsArguments(donations.map((donation) => donation.budget)),
    ]);
    const byPlace = new Map(rows.map((row) => [Number(row.place), row]));
    return donations.map((donation, place) => {
      const row = byPlace.get(place);
      const spent = spendOutcome(row);
      if (!spent.spent && donation.budget) return donation.budget.refusal(spent);
      return row?.id ? Number(row.id) : null;
    });
  };
}

/** A call whose budget was full gets its refusal thrown, not answered. */
const refusingOverBudget =
  (insert: (donation: NewDonation) => Promise<number | null | Error>) =>
  async (donation: NewDonation): Promise<number | null> => {
    const answer = await insert(donation);
    if (answer instanceof Error) throw answer;
    return answer;
  };

function batchedRecordOrder(knex: Knex): DonationRows['recordOrder'] {
  const record = batchPerTurn(
    async (given: { donationId: number; orderId: string }[]): Promise<boolean[]> => {
      const { rows } = await pooledQuery<{ id: number; order_id: string }>(
        knex,
        recordOrderSql(given.length),
        given.flatMap(({ donationId, orderId }) => [donationId, orderId]),
      );
      // By id and order id: of two calls for one row, only the one whose order id it took succeeded.
      const taken = new Set(rows.map((row) => `${row.id} ${row.order_id}`));
      return given.map(({ donationId, orderId }) => taken.has(`${donationId} ${orderId}`));
    },
    { parametersPerCall: 2 },
  );
  return (donationId, orderId) => record({ donationId, orderId });
}
