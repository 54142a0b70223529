import { Migration } from '@mikro-orm/migrations';

/**
 * Consent to news comes from its owner (issue 40 item 13): the donate form's ticked box is kept on
 * the pending donation as a wish, and becomes consent (a news_consents row) only in the transaction
 * that records the gift's payment (gifts/settlement/record-events.ts). A checkout never paid consents to
 * nothing: anyone can type another person's address on the form.
 *
 * The rows the create path wrote before (source 'donate_form', each naming its donation, always a
 * consent: it wrote one only for a ticked box) are sorted the same way: those of a checkout never
 * paid (pending, failed, expired) become that donation's wish and the row goes, so it no longer
 * counts, and becomes consent if the checkout is paid later (consentFromPaidGift writes it then).
 * Every row of a gift paid or refunded, and every row from the donor's page, stays.
 *
 * down: the column goes and the wishes become rows again, dated as their checkout, except where the
 * address answered later (a newer row decides, so a withdrawal made since is not overturned).
 */
const NEVER_PAID = `('pending', 'failed', 'expired')`;

export class Migration20261129064100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "donations" add column "news_consent_wish" boolean not null default false;`);
    this.addSql(
      `update "donations" d set "news_consent_wish" = true
        where d."status" in ${NEVER_PAID}
          and exists (select 1 from "news_consents" c
                       where c."donation_id" = d."id" and c."source" = 'donate_form' and c."consented");`,
    );
    this.addSql(
      `delete from "news_consents" c using "donations" d
        where c."donation_id" = d."id" and c."source" = 'donate_form' and d."status" in ${NEVER_PAID};`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `insert into "news_consents" ("email", "consented", "source", "wording_version", "donation_id", "created_at")
       select lower(d."email"), true, 'donate_form', '2026-11-27', d."id", d."created_at" from "donations" d
        where d."news_consent_wish" and d."status" in ${NEVER_PAID} and d."email" <> ''
          and not exists (select 1 from "news_consents" c where c."donation_id" = d."id")
          and not exists (select 1 from "news_consents" c
                           where c."email" = lower(d."email") and c."created_at" > d."created_at")
        order by d."created_at", d."id";`,
    );
    this.addSql(`alter table "donations" drop column "news_consent_wish";`);
  }
}
