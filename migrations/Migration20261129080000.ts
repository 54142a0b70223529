import { Migration } from '@mikro-orm/migrations';

/**
 * The donor list's search reaches every gift of a record (issue 40 item 14): `donors.search_text`
 * holds every distinct name, e-mail and phone the record's gifts carry (a merged record's gifts
 * too, as a merge moves them to the root), joined by chr(31), so a donor who gave as "Priya Sharma"
 * and later as "P. Sharma" is found by either. Before, the search read only the newest gift's
 * name, e-mail and phone (Migration20261128032000's index on them).
 *
 * - `refresh_donor_rollups` (Migration20261128030000) is replaced by the same function writing the
 *   column too: the trigger on `donations` already fires on a change of a gift's donor, name,
 *   e-mail or phone (settling, merges, erasure), in that write's transaction.
 * - A trigram index on the column replaces the one on the newest gift's contact; the column's own
 *   statistics (ANALYZE) let the planner weigh a common name against walking the sort's index, as
 *   the expression's statistics did, which are dropped with the index.
 */
const GIFT_AT = `coalesce(received_on::timestamp at time zone 'Asia/Kolkata', created_at)`;
/** Every distinct non-blank name, e-mail and phone of `gifts` (rows of donations), sorted, joined by chr(31). */
const SEARCH_TEXT = (gifts: string) => `coalesce(string_agg(distinct v, chr(31) order by v), '')
  from ${gifts}, unnest(array[nullif(btrim(name), ''), nullif(btrim(email), ''), nullif(btrim(phone), '')]) v
 where v is not null`;
const OLD_CONTACT = `(coalesce("name", '') || chr(31) || coalesce("email", '') || chr(31) || coalesce("phone", ''))`;

const refresh = (
  withSearchText: boolean,
) => `create or replace function refresh_donor_rollups(donor integer) returns void language plpgsql as $$
      begin
        -- The donor's row locked first, in a statement of its own: the sums below then see every
        -- gift of a transaction that changed this donor and committed while this one waited.
        perform 1 from donors where id = donor for update;
        update donors set
          (gift_count, lifetime_total, largest_gift, first_gift_at, last_gift_at) = (
            select count(*), coalesce(sum(amount - refunded_amount), 0), coalesce(max(amount - refunded_amount), 0),
                   min(${GIFT_AT}), max(${GIFT_AT})
              from donations where donor_id = donor and status = 'paid' and amount > refunded_amount),
          (name, email, phone) = (
            select name, nullif(email, ''), nullif(phone, '') from donations where donor_id = donor
             order by created_at desc, id desc limit 1)${
               withSearchText
                 ? `,
          search_text = (select ${SEARCH_TEXT('donations')} and donor_id = donor)`
                 : ''
             }
        where id = donor;
      end
    $$;`;

export class Migration20261129080000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "donors" add column "search_text" text not null default '';`);
    this.addSql(refresh(true));
    // The backfill in one pass over the gifts, grouped by donor.
    this.addSql(`update donors o set search_text = s.search_text
      from (select donor_id, ${SEARCH_TEXT('donations')} and donor_id is not null group by donor_id) s(donor_id, search_text)
     where s.donor_id = o.id;`);
    this.addSql(`drop statistics "donors_contact_statistics";`);
    this.addSql(`drop index "donors_contact_trgm_index";`);
    this.addSql(
      `create index "donors_search_text_trgm_index" on "donors" using gin ("search_text" gin_trgm_ops) where "merged_into_id" is null;`,
    );
    this.addSql(`analyze "donors";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "donors_search_text_trgm_index";`);
    this.addSql(
      `create index "donors_contact_trgm_index" on "donors" using gin (${OLD_CONTACT} gin_trgm_ops) where "merged_into_id" is null;`,
    );
    this.addSql(`create statistics "donors_contact_statistics" on ${OLD_CONTACT} from "donors";`);
    this.addSql(refresh(false));
    this.addSql(`alter table "donors" drop column "search_text";`);
  }
}
