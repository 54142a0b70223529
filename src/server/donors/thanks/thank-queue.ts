import type { EntityManager } from '@mikro-orm/postgresql';
import type { DonationType } from '../../../shared/donation-states';
import type { GiftMode } from '../../../shared/gift-modes';
import type { Language } from '../../../shared/languages';
import { THANKS_DUE_HOURS, THANKS_WINDOW_DAYS } from '../../../shared/thanks.schema';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { isoTime } from '../../platform/db/sql-time';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';

/**
 * The gifts to thank personally: each donor's first gift (by donor record: their first received
 * gift, whichever way it came), and every gift at or over the amount staff set. Paid gifts given
 * in the last THANKS_WINDOW_DAYS (by the day they came, not the day they were recorded: a year of
 * old cheques entered today is not news to thank), not erased; open until someone ticks off that they called.
 */

/** One gift in the queue; times ISO-8601 UTC, amounts paise. */
export interface ThanksEntry {
  donationId: number;
  name: string;
  phone: string;
  email: string;
  language: Language;
  amount: number;
  mode: GiftMode;
  donationType: DonationType;
  /** When the gift came in: the entry's age is counted from it. */
  givenAt: string;
  firstGift: boolean;
  /** At or over the threshold. */
  bigGift: boolean;
  calledBy: string | null;
  calledAt: string | null;
}

/** When a gift was given: a gift recorded by staff on the day it was received, an online one when it was made. */
const givenAt = (alias: string) =>
  `coalesce(${alias}.received_on::timestamp at time zone 'Asia/Kolkata', ${alias}.created_at)`;

/**
 * A received gift of the same donor (gifts/donor-keys/attach-donor.ts; a merge moves gifts to the record kept)
 * given before this one (`d`): then this one is not their first. Refunded gifts count: they were given.
 */
const EARLIER_GIFT = `exists (select 1 from donations x
   where x.donor_id = d.donor_id and x.status in ('paid', 'refunded')
     and (${givenAt('x')}, x.id) < (${givenAt('d')}, d.id))`;

/** The queue's gifts, as the columns `first_gift`, `big_gift` and the call's, from `thanks_settings t`. */
const QUEUE = `select d.id, ${givenAt('d')} as given_at, not ${EARLIER_GIFT} as first_gift, d.amount >= t.threshold as big_gift,
       c.called_by, c.called_at
  from donations d
  cross join thanks_settings t
  left join thank_you_calls c on c.donation_id = d.id
 where d.status = 'paid' and d.erased_at is null
   and ${givenAt('d')} >= now() - make_interval(days => ${THANKS_WINDOW_DAYS})
   -- A gift is recorded on or after the day it came, so this narrows by the index without losing one.
   and d.created_at >= now() - make_interval(days => ${THANKS_WINDOW_DAYS + 1})`;

const IS_DUE = `(q.first_gift or q.big_gift)`;

/** The open queue, oldest first (the longest waiting at the top), or the gifts ticked off, latest call first. */
export async function listThanks(em: EntityManager, input: { called: boolean }) {
  const entries = await em.execute<ThanksEntry[]>(
    `select d.id as "donationId", d.name, d.phone, d.email, d.language, d.amount, d.mode,
            d.donation_type as "donationType", ${isoTime('q.given_at')} as "givenAt",
            q.first_gift as "firstGift", q.big_gift as "bigGift",
            q.called_by as "calledBy", ${isoTime('q.called_at')} as "calledAt"
       from (${QUEUE}) q join donations d on d.id = q.id
      where ${IS_DUE} and (q.called_at is not null) = ?
      order by ${input.called ? 'q.called_at desc' : 'q.given_at'}, d.id
      limit 500`,
    [input.called],
  );
  const [settings] = await em.execute<{ threshold: number }[]>('select threshold from thanks_settings where id = 1');
  return { threshold: settings?.threshold ?? 0, entries };
}

/** How many gifts wait to be thanked, and how many of them longer than THANKS_DUE_HOURS: the overview's line. */
export async function thanksOverdue(em: EntityManager): Promise<{ open: number; overdue: number }> {
  const [row] = await em.execute<{ open: number; overdue: number }[]>(
    `select count(*)::int as open,
            count(*) filter (where q.given_at < now() - make_interval(hours => ${THANKS_DUE_HOURS}))::int as overdue
       from (${QUEUE}) q
      where ${IS_DUE} and q.called_at is null`,
  );
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}

/** Ticks off a gift: who called, and when; refused for a gift already ticked (it says by whom). */
export async function tickThanks({
  em,
  staff,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { donationId: number };
}): Promise<{ donationId: number; calledBy: string }> {
  return em.transactional(async (tx) => {
    const [paid] = await tx.execute<{ id: number }[]>(`select id from donations where id = ? and status = 'paid'`, [
      input.donationId,
    ]);
    if (!paid) throw new DomainError('NOT_FOUND', `No paid gift ${input.donationId}`);
    const inserted = await tx.execute<{ called_by: string }[]>(
      `insert into thank_you_calls (donation_id, called_by) values (?, ?)
       on conflict (donation_id) do nothing returning called_by`,
      [input.donationId, staff.username],
    );
    if (inserted.length === 0) {
      const [call] = await tx.execute<{ called_by: string }[]>(
        'select called_by from thank_you_calls where donation_id = ?',
        [input.donationId],
      );
      throw new DomainError('CONFLICT', `Gift ${input.donationId} was already ticked off by ${call?.called_by}`);
    }
    await audit(tx, actorOf(staff), 'thank_you_ticked', { donationId: input.donationId });
    return { donationId: input.donationId, calledBy: staff.username };
  });
}

/** Unticks a gift (ticked by mistake): back in the open queue; the audit keeps who had ticked it. */
export async function untickThanks({
  em,
  staff,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { donationId: number };
}): Promise<{ donationId: number }> {
  return em.transactional(async (tx) => {
    const [removed] = await tx.execute<{ called_by: string }[]>(
      'delete from thank_you_calls where donation_id = ? returning called_by',
      [input.donationId],
    );
    if (!removed) throw new DomainError('NOT_FOUND', `Gift ${input.donationId} is not ticked off`);
    await audit(tx, actorOf(staff), 'thank_you_unticked', {
      donationId: input.donationId,
      calledBy: removed.called_by,
    });
    return { donationId: input.donationId };
  });
}

/** An admin sets the amount thanked personally (paise). */
export async function setThanksThreshold({
  em,
  staff,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { threshold: number };
}): Promise<{ threshold: number }> {
  return em.transactional(async (tx) => {
    const [previous] = await tx.execute<{ threshold: number }[]>(
      'select threshold from thanks_settings where id = 1 for update',
    );
    await tx.execute('update thanks_settings set threshold = ?, updated_by = ?, updated_at = now() where id = 1', [
      input.threshold,
      staff.username,
    ]);
    await audit(tx, actorOf(staff), 'thanks_threshold_set', {
      threshold: input.threshold,
      previous: previous?.threshold ?? null,
    });
    return { threshold: input.threshold };
  });
}
