import type { EntityManager } from '@mikro-orm/postgresql';
import {
  APPEAL_TRANSLATION_LANGUAGES,
  type AppealTranslations,
  type AppealUpdateInput,
  type AppealUpdateTranslations,
  inLanguage,
  storedTranslations,
  storyParagraphs,
} from '../../../shared/appeals.schema';
import { languageOf } from '../../../shared/languages';
import { localizedPath } from '../../../shared/locale-paths';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { setImageUses } from '../../platform/images/image-uses';
import { enqueueMails, type OutgoingMail } from '../../platform/mail/outbox';
import { appealUpdateMail } from '../../platform/mail/templates';
import { publishedContact, type TrustContact } from '../../platform/site-content/published-contact';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';
import { wantsNewsSql } from '../donor-keys/news-consent';
import { erasureRequestsOfSql } from '../donor-keys/person-of-address';
import type { DonorLinks } from '../settlement/donor-notices';
import { compactTranslations } from './staff-appeals';
import { emailHash, unsubscribeUrl } from './unsubscribe-token';

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
    const [appeal] = await tx.execute<
      { id: number; slug: string; title: string; status: string; translations: AppealTranslations }[]
    >('select id, slug, title, status, translations from appeals where id = ? for share', [input.appealId]);
    if (!appeal) throw new DomainError('NOT_FOUND', `No appeal ${input.appealId}`);
    if (appeal.status === 'draft') {
      throw new DomainError('CONFLICT', 'Publish the appeal first: updates are for an appeal donors can see');
    }
    const [update] = await tx.execute<{ id: number }[]>(
      `insert into appeal_updates (appeal_id, text, translations, photo_image_id, posted_by)
       values (?, ?, ?::jsonb, ?, ?) returning id`,
      [
        appeal.id,
        input.text,
        JSON.stringify(compactTranslations(input.translations ?? {})),
        input.photoImageId ?? null,
        deps.staff.username,
      ],
    );
    const updateId = (update as { id: number }).id;
    if (input.photoImageId !== undefined) await setImageUses(tx, `appeal-update:${updateId}`, [input.photoImageId]);
    let mailed = 0;
    if (input.mailDonors) {
      const donors = await donorsToMail(tx, appeal.id, deps.personalDataKey);
      const contact = await publishedContact(tx);
      mailed = await enqueueMails(
        tx,
        donors.map((donor) => updateMail(deps, appeal, updateId, input, donor, contact)),
      );
      await tx.execute('update appeal_updates set mailed = true, mailed_count = ? where id = ?', [mailed, updateId]);
    }
    await audit(tx, actorOf(deps.staff), 'appeal_update_posted', {
      appealId: appeal.id,
      updateId,
      mailedDonors: input.mailDonors ? mailed : null,
      translated: translatedLanguages(compactTranslations(input.translations ?? {})),
    });
    return { id: updateId, mailed };
  });
}

const translatedLanguages = (translations: AppealUpdateTranslations) =>
  APPEAL_TRANSLATION_LANGUAGES.filter((language) => translations[language]?.text !== undefined);

/**
 * Staff give or correct a posted update's Tamil and Hindi text (the English, and any mail already
 * sent, stay as posted), with its audit entry naming the languages that changed.
 */
export async function translateAppealUpdate(
  { em, staff }: { em: EntityManager; staff: StaffActor },
  input: { id: number; translations: AppealUpdateTranslations },
) {
  return em.transactional(async (tx) => {
    const [before] = await tx.execute<{ appealId: number; translations: unknown }[]>(
      'select appeal_id as "appealId", translations from appeal_updates where id = ? for update',
      [input.id],
    );
    if (!before) throw new DomainError('NOT_FOUND', `No appeal update ${input.id}`);
    const after = compactTranslations(input.translations);
    const stored = storedTranslations<AppealUpdateTranslations>(before.translations);
    const changed = APPEAL_TRANSLATION_LANGUAGES.filter(
      (language) => (stored[language]?.text ?? null) !== (after[language]?.text ?? null),
    );
    await tx.execute('update appeal_updates set translations = ?::jsonb where id = ?', [
      JSON.stringify(after),
      input.id,
    ]);
    await audit(tx, actorOf(staff), 'appeal_update_translated', {
      appealId: before.appealId,
      updateId: input.id,
      changed,
    });
    return { id: input.id, changed };
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
 * whose erasure is waiting (asked from any address of their donor record: donor-keys/person-of-address.ts), anyone who has not consented to news (or withdrew: gifts/donor-keys/news-consent.ts;
 * an update is news, not a mail about their own gift), or anyone who unsubscribed from this appeal's
 * updates or every appeal's.
 */
async function donorsToMail(em: EntityManager, appealId: number, personalDataKey: Buffer): Promise<Donor[]> {
  const rows = await em.execute<{ email: string; name: string; language: string }[]>(
    `select distinct on (lower(d.email)) lower(d.email) as email, d.name, d.language
       from donations d
      where d.appeal_id = ? and d.status = 'paid' and d.email <> '' and d.email not like '%@erased.invalid'
        and not exists (select 1 from ${erasureRequestsOfSql('lower(d.email)')} and er.status = 'requested')
        and ${wantsNewsSql('lower(d.email)')}
      order by lower(d.email), d.created_at desc, d.id desc`,
    [appealId],
  );
  const donors = rows.map((row) => ({ ...row, hash: emailHash(row.email, personalDataKey) }));
  if (donors.length === 0) return [];
  const unsubscribed = new Set(
    (
      await em.execute<{ hash: string }[]>(
        `select email_hash as hash from appeal_update_unsubscribes
          where email_hash in (select jsonb_array_elements_text(?::jsonb))
            and (appeal_id is null or appeal_id = ?)`,
        [JSON.stringify(donors.map((donor) => donor.hash)), appealId],
      )
    ).map((row) => row.hash),
  );
  return donors.filter((donor) => !unsubscribed.has(donor.hash));
}

/** The update's mail in the donor's language: the appeal's title and the update's text in it where staff gave them. */
function updateMail(
  deps: PostUpdateDeps,
  appeal: { id: number; slug: string; title: string; translations: AppealTranslations },
  updateId: number,
  update: Pick<AppealUpdateInput, 'text' | 'translations'>,
  donor: Donor,
  contact: TrustContact,
): OutgoingMail {
  // The footer's link and the one-click header both name this appeal: its one-click stops this appeal's updates only.
  // The language of their latest gift, as their name is.
  const language = languageOf(donor.language);
  const unsubscribe = unsubscribeUrl(deps.siteUrl, donor.email, appeal.id, deps.personalDataKey, language);
  const appealTranslations = storedTranslations<AppealTranslations>(appeal.translations);
  return {
    // By the address's hash: a Message-ID names no one.
    eventKey: `appeal-update-${updateId}-${donor.hash.slice(0, 22)}`,
    kind: 'appeal-update',
    to: donor.email,
    ...appealUpdateMail({
      donorName: donor.name,
      language,
      donorPageUrl: deps.donorLinks.donorPageUrl(donor.email, language),
      appealTitle: inLanguage(appealTranslations, language, 'title', appeal.title),
      paragraphs: storyParagraphs(inLanguage(update.translations ?? {}, language, 'text', update.text)),
      appealUrl: `${deps.siteUrl}${localizedPath(language, `/appeals/${appeal.slug}`)}`,
      unsubscribeUrl: unsubscribe,
      contact,
    }),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
