import type { EntityManager } from '@mikro-orm/postgresql';
import { type AppealUpdateInput, storyParagraphs } from '../../shared/appeals.schema';
import { languageOf } from '../../shared/languages';
import { DomainError } from '../domain-error';
import { setImageUses } from '../images/image-uses';
import { enqueueMails, type OutgoingMail } from '../mail/outbox';
import { appealUpdateMail } from '../mail/templates';
import type { DonorLinks } from '../settlement/donor-notices';
import { audit } from '../staff/audit';
import { actorOf, type StaffActor } from '../staff/staff-actor';
import { emailHash, UNSUBSCRIBE_PATH, unsubscribeToken } from './unsubscribe-token';

export interface PostUpdateDeps {
  em: EntityManager;
  staff: StaffActor;
  donorLinks: Pick<DonorLinks, 'donorPageUrl'>;
  /** SITE_URL: the appeal's page and the unsubscribe link in each mail. */
  siteUrl: string;
  /** DATA_ENCRYPTION_KEY: signs the unsubscribe links and hashes the addresses. */
  personalDataKey: Buffer;
}

/**
 * Staff post an update on a published (or closed) appeal; if they choose, it is mailed to the
 * appeal's donors through the outbox, in the same transaction as the update and its audit entry:
 * one mail per person however many gifts, never to anyone who unsubscribed, was erased or asked
 * to be. Each mail carries its one-click unsubscribe link, in the footer and as List-Unsubscribe.
 */
export async function postAppealUpdate(deps: PostUpdateDeps, input: AppealUpdateInput) {
  return deps.em.transactional(async (tx) => {
    const [appeal] = await tx.execute<{ id: number; slug: string; title: string; status: string }[]>(
      'select id, slug, title, status from appeals where id = ? for share',
      [input.appealId],
    );
    if (!appeal) throw new DomainError('NOT_FOUND', `No appeal ${input.appealId}`);
    if (appeal.status === 'draft') {
      throw new DomainError('CONFLICT', 'Publish the appeal first: updates are for an appeal donors can see');
    }
    const [update] = await tx.execute<{ id: number }[]>(
      'insert into appeal_updates (appeal_id, text, photo_image_id, posted_by) values (?, ?, ?, ?) returning id',
      [appeal.id, input.text, input.photoImageId ?? null, deps.staff.username],
    );
    const updateId = (update as { id: number }).id;
    if (input.photoImageId !== undefined) await setImageUses(tx, `appeal-update:${updateId}`, [input.photoImageId]);
    let mailed = 0;
    if (input.mailDonors) {
      const donors = await donorsToMail(tx, appeal.id, deps.personalDataKey);
      mailed = await enqueueMails(
        tx,
        donors.map((donor) => updateMail(deps, appeal, updateId, input.text, donor)),
      );
      await tx.execute('update appeal_updates set mailed = true, mailed_count = ? where id = ?', [mailed, updateId]);
    }
    await audit(tx, actorOf(deps.staff), 'appeal_update_posted', {
      appealId: appeal.id,
      updateId,
      mailedDonors: input.mailDonors ? mailed : null,
    });
    return { id: updateId, mailed };
  });
}

interface Donor {
  email: string;
  name: string;
  language: string;
  hash: string;
}

/**
 * The appeal's donors to mail: everyone with a paid gift to it, once by normalised e-mail (named as
 * on their latest gift), without a walk-in's empty address, an erased donor's placeholder, anyone
 * whose erasure is waiting, or anyone who unsubscribed.
 */
async function donorsToMail(em: EntityManager, appealId: number, personalDataKey: Buffer): Promise<Donor[]> {
  const rows = await em.execute<{ email: string; name: string; language: string }[]>(
    `select distinct on (lower(d.email)) lower(d.email) as email, d.name, d.language
       from donations d
      where d.appeal_id = ? and d.status = 'paid' and d.email <> '' and d.email not like '%@erased.invalid'
        and not exists (select 1 from erasure_requests e where e.email = lower(d.email) and e.status = 'requested')
      order by lower(d.email), d.created_at desc, d.id desc`,
    [appealId],
  );
  const donors = rows.map((row) => ({ ...row, hash: emailHash(row.email, personalDataKey) }));
  if (donors.length === 0) return [];
  const unsubscribed = new Set(
    (
      await em.execute<{ hash: string }[]>(
        `select email_hash as hash from appeal_update_unsubscribes
          where email_hash in (select jsonb_array_elements_text(?::jsonb))`,
        [JSON.stringify(donors.map((donor) => donor.hash))],
      )
    ).map((row) => row.hash),
  );
  return donors.filter((donor) => !unsubscribed.has(donor.hash));
}

function updateMail(
  deps: PostUpdateDeps,
  appeal: { slug: string; title: string },
  updateId: number,
  text: string,
  donor: Donor,
): OutgoingMail {
  const unsubscribeUrl = `${deps.siteUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(donor.email, deps.personalDataKey)}`;
  return {
    // By the address's hash: a Message-ID names no one.
    eventKey: `appeal-update-${updateId}-${donor.hash.slice(0, 22)}`,
    kind: 'appeal-update',
    to: donor.email,
    ...appealUpdateMail({
      donorName: donor.name,
      // The language of their latest gift, as their name is.
      language: languageOf(donor.language),
      donorPageUrl: deps.donorLinks.donorPageUrl(donor.email, languageOf(donor.language)),
      appealTitle: appeal.title,
      paragraphs: storyParagraphs(text),
      appealUrl: `${deps.siteUrl}/appeals/${appeal.slug}`,
      unsubscribeUrl,
    }),
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
