import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { storyParagraphs } from '../../../shared/appeals.schema';
import { type Language, languageOf } from '../../../shared/languages';
import type { Segment, SegmentMailInput } from '../../../shared/segments.schema';
import { allUpdatesUnsubscribeUrl, emailHash } from '../../gifts/appeals/unsubscribe-token';
import { wantsNewsSql } from '../../gifts/donor-keys/news-consent';
import { erasureRequestsOfSql } from '../../gifts/donor-keys/person-of-address';
import type { DonorLinks } from '../../gifts/settlement/donor-notices';
import { audit } from '../../platform/audit/audit';
import { renderMail } from '../../platform/mail/layout';
import { mailMessages } from '../../platform/mail/messages';
import { enqueueMails, type OutgoingMail } from '../../platform/mail/outbox';
import { publishedContact, type TrustContact } from '../../platform/site-content/published-contact';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';
import { segmentRows } from './segments';

/** Why the donor gets a segment's mail, in their language (under the text, as an appeal update says why). */
const WHY: Record<Language, string> = {
  en: 'You receive this because you asked for news of the animals when you gave.',
  ta: 'நீங்கள் நன்கொடை அளித்தபோது விலங்குகளின் செய்திகளைக் கேட்டதால் இந்த மடல் உங்களுக்கு வருகிறது.',
  hi: 'आपको यह मेल इसलिए मिल रहा है क्योंकि दान देते समय आपने जानवरों की ख़बरें माँगी थीं।',
};

interface Recipient {
  donorId: number;
  name: string;
  email: string;
  language: Language;
}

/** Who of a segment gets its mail, and how many are left out and why. */
export interface SegmentAudience {
  recipients: Recipient[];
  /** Everyone in the segment. */
  donors: number;
  /** No address to write to: a walk-in's gift, an erased donor, or one whose erasure is waiting. */
  noAddress: number;
  /** Never consented to news, or withdrew it. */
  noConsent: number;
  /** Consented, then stopped appeal updates from a mail's link. */
  unsubscribed: number;
}

/**
 * The segment's donors who may be sent news: an address of their own, consent to news now (its
 * newest answer, gifts/donor-keys/news-consent.ts), and not unsubscribed from every appeal's updates.
 */
export async function segmentAudience(
  em: EntityManager,
  segment: Segment,
  personalDataKey: Buffer,
  now = new Date(),
): Promise<SegmentAudience> {
  const { rows } = await segmentRows(em, segment, { now });
  const addressed = rows.filter((row) => row.email !== '' && !row.email.endsWith('@erased.invalid'));
  const emails = [...new Set(addressed.map((row) => row.email.toLowerCase()))];
  const states = await em.execute<{ email: string; wants: boolean; erasing: boolean; unsubscribed: boolean }[]>(
    `select e.email, ${wantsNewsSql('e.email')} as wants,
            exists (select 1 from ${erasureRequestsOfSql('e.email')} and er.status = 'requested') as erasing,
            exists (select 1 from appeal_update_unsubscribes u where u.email_hash = e.hash and u.appeal_id is null) as unsubscribed
       from jsonb_to_recordset(?::jsonb) as e(email text, hash text)`,
    [JSON.stringify(emails.map((email) => ({ email, hash: emailHash(email, personalDataKey) })))],
  );
  const stateOf = new Map(states.map((state) => [state.email, state]));
  const audience: SegmentAudience = {
    recipients: [],
    donors: rows.length,
    noAddress: 0,
    noConsent: 0,
    unsubscribed: 0,
  };
  audience.noAddress = rows.length - addressed.length;
  const mailed = new Set<string>();
  for (const row of addressed) {
    const email = row.email.toLowerCase();
    const state = stateOf.get(email);
    if (!state || state.erasing) audience.noAddress += 1;
    else if (!state.wants) audience.noConsent += 1;
    else if (state.unsubscribed) audience.unsubscribed += 1;
    // Two donor records that share an address (not yet merged) get one mail.
    else if (!mailed.has(email)) {
      mailed.add(email);
      audience.recipients.push({ donorId: row.donorId, name: row.name, email, language: languageOf(row.language) });
    }
  }
  return audience;
}

/** The preview before sending: how many get it, and how many are left out and why. */
export async function segmentMailPreview(em: EntityManager, segment: Segment, personalDataKey: Buffer) {
  const { recipients, ...counts } = await segmentAudience(em, segment, personalDataKey);
  const byLanguage = { en: 0, ta: 0, hi: 0 } satisfies Record<Language, number>;
  for (const recipient of recipients) byLanguage[recipient.language] += 1;
  return { ...counts, toMail: recipients.length, byLanguage };
}

export interface SegmentMailDeps {
  em: EntityManager;
  staff: StaffActor;
  donorLinks: Pick<DonorLinks, 'donorPageUrl'>;
  siteUrl: string;
  personalDataKey: Buffer;
}

/**
 * Mails staff's update to the segment's donors who consented to news, each in the language of
 * their latest gift (the staff's text in it where written, else the English), with the link that
 * stops news in every one; the mails and the audit entry in one transaction.
 */
export async function sendSegmentMail(deps: SegmentMailDeps, input: SegmentMailInput) {
  return deps.em.transactional(async (tx) => {
    const { recipients, ...counts } = await segmentAudience(tx, input.segment, deps.personalDataKey);
    const contact = await publishedContact(tx);
    // A mailing's own id: its mails' Message-IDs, and the audit entry's.
    const mailing = randomBytes(9).toString('base64url');
    const mailed = await enqueueMails(
      tx,
      recipients.map((recipient) => segmentMail(deps, input, mailing, recipient, contact)),
    );
    await audit(tx, actorOf(deps.staff), 'segment_mailed', {
      mailing,
      segment: input.segment,
      subject: input.subject,
      translated: (['ta', 'hi'] as const).filter((language) => input.translations[language]?.text !== undefined),
      mailed,
      ...counts,
    });
    return { mailed, ...counts };
  });
}

function segmentMail(
  deps: SegmentMailDeps,
  input: SegmentMailInput,
  mailing: string,
  recipient: Recipient,
  contact: TrustContact,
): OutgoingMail {
  const { language } = recipient;
  const translated = language === 'en' ? undefined : input.translations[language];
  const subject = translated?.subject ?? input.subject;
  const text = translated?.text ?? input.text;
  const m = mailMessages(language);
  const unsubscribe = allUpdatesUnsubscribeUrl(deps.siteUrl, recipient.email, deps.personalDataKey, language);
  return {
    // By the address's hash: a Message-ID names no one.
    eventKey: `segment-${mailing}-${emailHash(recipient.email, deps.personalDataKey).slice(0, 22)}`,
    kind: 'segment-update',
    to: recipient.email,
    subject,
    ...renderMail(
      [
        { p: m.dear(recipient.name) },
        ...storyParagraphs(text).map((paragraph) => ({ p: paragraph })),
        { p: m.thanks },
        { small: WHY[language] },
      ],
      deps.donorLinks.donorPageUrl(recipient.email, language),
      unsubscribe,
      language,
      contact,
    ),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
