import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type AppealUpdateTranslations, inLanguage, storyParagraphs } from '../../../shared/appeals.schema';
import type { ImageRecord } from '../../../shared/images';
import { type Language, languageOf } from '../../../shared/languages';
import { localizedPath } from '../../../shared/locale-paths';
import type { SponsorUpdateInput } from '../../../shared/sponsorship.schema';
import { compactTranslations } from '../../gifts/appeals/staff-appeals';
import { linkAddress } from '../../gifts/donor-keys/donor-link';
import { wantsNewsSql } from '../../gifts/donor-keys/news-consent';
import { erasureRequestsOfSql } from '../../gifts/donor-keys/person-of-address';
import type { DonorLinks } from '../../gifts/settlement/donor-notices';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { imageFileName } from '../../platform/images/image-files';
import { setImageUses } from '../../platform/images/image-uses';
import { imagesByIds } from '../../platform/images/images';
import { renderMail } from '../../platform/mail/layout';
import { enqueueMails, type OutgoingMail } from '../../platform/mail/outbox';
import { publishedContact, type TrustContact } from '../../platform/site-content/published-contact';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';
import { sponsorMessages } from './sponsor-messages';
import { SPONSOR_GIFT_RUNNING } from './sponsorship';

/**
 * Staff post an update (a few lines, a photo) to an animal's sponsors, as an appeal's update is
 * posted (gifts/appeals/appeal-updates.ts): the update, one mail per sponsor in the outbox and the
 * audit entry in one transaction. Mailed to each sponsor whose gift still runs, once per person, in
 * the language they gave in, only with their consent to news, never to anyone erased or asking to
 * be, or who stopped this animal's updates (a keyed hash of the e-mail, never the address). Each
 * mail carries its one-click stop link.
 */

export interface SponsorUpdateDeps {
  em: EntityManager;
  staff: StaffActor;
  donorLinks: Pick<DonorLinks, 'donorPageUrl'>;
  /** SITE_URL: the animal's page and the stop link in each mail. */
  siteUrl: string;
  /** DATA_ENCRYPTION_KEY: signs the stop links and hashes the addresses. */
  personalDataKey: Buffer;
}

/** The path of the stop page (GET asks, POST stops; a mail client's one-click posts too). */
export const SPONSOR_UNSUBSCRIBE_PATH = '/unsubscribe/sponsor-updates';

export async function postSponsorUpdate(deps: SponsorUpdateDeps, input: SponsorUpdateInput) {
  return deps.em.transactional(async (tx) => {
    const [animal] = await tx.execute<{ id: number; slug: string; name: string }[]>(
      'select id, slug, name from animals where id = ? for share',
      [input.animalId],
    );
    if (!animal) throw new DomainError('NOT_FOUND', 'No such animal', { field: 'animalId' });
    const translations = compactTranslations(input.translations);
    const [update] = await tx.execute<{ id: number }[]>(
      `insert into sponsor_updates (animal_id, text, translations, photo_image_id, posted_by)
       values (?, ?, ?::jsonb, ?, ?) returning id`,
      [animal.id, input.text, JSON.stringify(translations), input.photoImageId ?? null, deps.staff.username],
    );
    const updateId = (update as { id: number }).id;
    if (input.photoImageId !== undefined) await setImageUses(tx, `sponsor-update:${updateId}`, [input.photoImageId]);
    const [photo] = input.photoImageId === undefined ? [] : await imagesByIds(tx, [input.photoImageId]);
    const sponsors = await sponsorsToMail(tx, animal.id, deps.personalDataKey);
    const contact = await publishedContact(tx);
    const mailed = await enqueueMails(
      tx,
      sponsors.map((sponsor) =>
        updateMail(deps, animal, updateId, { text: input.text, translations, photo }, sponsor, contact),
      ),
    );
    await tx.execute('update sponsor_updates set mailed_count = ? where id = ?', [mailed, updateId]);
    await audit(tx, actorOf(deps.staff), 'sponsor_update_posted', {
      animalId: animal.id,
      updateId,
      mailedSponsors: mailed,
      translated: (['ta', 'hi'] as const).filter((language) => translations[language]?.text !== undefined),
    });
    return { id: updateId, mailed };
  });
}

/** An animal's updates, newest first, for the console. */
export async function sponsorUpdatesOf(em: EntityManager, animalId: number) {
  return em.execute<{ id: number; text: string; postedBy: string; postedAt: string; mailedCount: number }[]>(
    `select id, text, posted_by as "postedBy", to_char(posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "postedAt",
            mailed_count as "mailedCount"
       from sponsor_updates where animal_id = ? order by posted_at desc, id desc limit 50`,
    [animalId],
  );
}

interface Sponsor {
  email: string;
  name: string;
  language: string;
  hash: string;
}

/**
 * The sponsors to mail: the donors of the gifts for this animal that still run, once by normalised
 * e-mail (named and speaking as on their latest such gift), with consent to news, not erased or
 * asking to be, and not stopped from this animal's updates.
 */
async function sponsorsToMail(em: EntityManager, animalId: number, personalDataKey: Buffer): Promise<Sponsor[]> {
  const rows = await em.execute<{ email: string; name: string; language: string }[]>(
    `select distinct on (lower(d.email)) lower(d.email) as email, d.name, d.language
       from subscriptions s join donations d on d.id = s.donation_id
      where s.animal_id = ? and s.status in ${SPONSOR_GIFT_RUNNING}
        and d.email <> '' and d.email not like '%@erased.invalid'
        and not exists (select 1 from ${erasureRequestsOfSql('lower(d.email)')} and er.status = 'requested')
        and ${wantsNewsSql('lower(d.email)')}
      order by lower(d.email), d.created_at desc, d.id desc`,
    [animalId],
  );
  const sponsors = rows.map((row) => ({ ...row, hash: sponsorEmailHash(row.email, personalDataKey) }));
  if (sponsors.length === 0) return [];
  const stopped = new Set(
    (
      await em.execute<{ hash: string }[]>(
        `select email_hash as hash from sponsor_update_unsubscribes
          where animal_id = ? and email_hash in (select jsonb_array_elements_text(?::jsonb))`,
        [animalId, JSON.stringify(sponsors.map((sponsor) => sponsor.hash))],
      )
    ).map((row) => row.hash),
  );
  return sponsors.filter((sponsor) => !stopped.has(sponsor.hash));
}

function updateMail(
  deps: SponsorUpdateDeps,
  animal: { id: number; slug: string; name: string },
  updateId: number,
  update: { text: string; translations: AppealUpdateTranslations; photo: ImageRecord | undefined },
  sponsor: Sponsor,
  contact: TrustContact,
): OutgoingMail {
  const language = languageOf(sponsor.language);
  const m = sponsorMessages(language);
  const stop = sponsorUnsubscribeUrl(deps.siteUrl, sponsor.email, animal.id, deps.personalDataKey, language);
  const blocks = [
    { p: m.dear(sponsor.name) },
    { p: m.updateIntro(animal.name) },
    ...(update.photo ? [mailPhoto(deps.siteUrl, update.photo)] : []),
    ...storyParagraphs(inLanguage(update.translations, language, 'text', update.text)).map((p) => ({ p })),
    { link: m.updatePageLink(animal.name), href: `${deps.siteUrl}${localizedPath(language, `/adopt/${animal.slug}`)}` },
    { p: m.thanks },
    { small: m.updateWhy(animal.name) },
  ];
  return {
    // By the address's hash: a Message-ID names no one.
    eventKey: `sponsor-update-${updateId}-${sponsor.hash.slice(0, 22)}`,
    kind: 'sponsor-update',
    to: sponsor.email,
    subject: m.updateSubject(animal.name),
    ...renderMail(blocks, deps.donorLinks.donorPageUrl(sponsor.email, language), stop, language, contact),
    headers: { 'List-Unsubscribe': `<${stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The mail's width, in CSS pixels: the photo's variant for it (twice as wide, for phones' screens). */
const MAIL_PHOTO_WIDTH = 560;

/**
 * The update's photo in the mail: its WebP variant (mail apps on phones show WebP; AVIF not yet)
 * at least twice the mail's width, else its widest, from the image pipeline's addresses, which
 * never change.
 */
function mailPhoto(siteUrl: string, photo: ImageRecord) {
  const wanted = 2 * MAIL_PHOTO_WIDTH;
  const variant = photo.widths.find((width) => width >= wanted) ?? photo.widths.at(-1);
  const width = Math.min(MAIL_PHOTO_WIDTH, photo.width);
  // No variant (a photo smaller than the smallest): its JPEG master, at its own width.
  const file =
    variant === undefined ? imageFileName(photo.hash, photo.width, 'jpeg') : imageFileName(photo.hash, variant, 'webp');
  return {
    image: `${siteUrl}/images/${file}`,
    alt: photo.alt,
    width,
    height: Math.round((width * photo.height) / photo.width),
  };
}

function keys(personalDataKey: Buffer) {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', personalDataKey, '', purpose, 32));
  return { hash: derive('sponsor-updates-email-hash'), mac: derive('sponsor-updates-unsubscribe-signature') };
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

/** The e-mail's keyed hash, as sponsor_update_unsubscribes keeps it. */
export function sponsorEmailHash(email: string, personalDataKey: Buffer): string {
  return hmac(keys(personalDataKey).hash, linkAddress(email));
}

/** The stop link of an animal's updates: `hash.animalId.signature`; it does not expire. */
/** The stop link of an update's mail, in the mail's language (`/hi/unsubscribe/…`): its page speaks it. */
export function sponsorUnsubscribeUrl(
  siteUrl: string,
  email: string,
  animalId: number,
  key: Buffer,
  language: Language = 'en',
): string {
  const signed = `${sponsorEmailHash(email, key)}.${animalId}`;
  return `${siteUrl}${localizedPath(language, SPONSOR_UNSUBSCRIBE_PATH)}?token=${signed}.${hmac(keys(key).mac, signed)}`;
}

/** Whom and which animal a stop link was signed for, or null when it was altered or made up. */
export function verifySponsorUnsubscribeToken(
  token: string,
  personalDataKey: Buffer,
): { hash: string; animalId: number } | null {
  const [hash, animal, signature, extra] = token.split('.');
  if (!hash || !animal || !signature || extra !== undefined || !/^[1-9]\d{0,9}$/.test(animal)) return null;
  const expected = Buffer.from(hmac(keys(personalDataKey).mac, `${hash}.${animal}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { hash, animalId: Number(animal) };
}

/** Records the stop of an animal's updates; doing it again changes nothing. */
export async function recordSponsorUnsubscribe(em: EntityManager, hash: string, animalId: number): Promise<void> {
  await em.execute(
    'insert into sponsor_update_unsubscribes (email_hash, animal_id) values (?, ?) on conflict do nothing',
    [hash, animalId],
    'run',
  );
}
