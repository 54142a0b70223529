import type { EntityManager } from '@mikro-orm/postgresql';
import { type AnimalStatus, LEFT_CARE_STATUSES } from '../../../shared/animals';
import { languageOf } from '../../../shared/languages';
import { formatRupees } from '../../../shared/rupees';
import type { DonorLinks } from '../../gifts/settlement/donor-notices';
import { renderMail } from '../../platform/mail/layout';
import { enqueueMail } from '../../platform/mail/outbox';
import { publishedContact } from '../../platform/site-content/published-contact';
import { oweGatewayTask } from './sponsor-gateway-tasks';
import { type LeftStatus, sponsorMessages } from './sponsor-messages';
import { sponsorChoiceUrl } from './sponsor-token';
import { SPONSOR_GIFT_RUNNING } from './sponsorship';

/** What telling an animal's sponsors needs: the links in their mails. */
export interface SponsorMailLinks {
  donorLinks: Pick<DonorLinks, 'donorPageUrl'>;
  /** SITE_URL. */
  siteUrl: string;
  /** DATA_ENCRYPTION_KEY: signs each sponsor's link to their own page. */
  personalDataKey: Buffer;
}

/**
 * The animal has left the trust's care (adopted, returned or died; moveAnimal has just moved it):
 * call it in the same transaction, after moveAnimal. Every sponsor whose gift for it still runs is
 * mailed with care in their language, with a link to a page of their own (sponsor-choice.ts) to
 * carry the same monthly gift to another animal or stop it; and a pause of each gift is owed at
 * Razorpay (sponsor-gateway-tasks.ts), made once this transaction commits, so nothing is charged
 * for an animal no longer there before the sponsor chooses. Its sponsorship closes. Keyed per gift
 * and animal: calling it twice mails and owes nothing more. Answers how many sponsors were told.
 */
export async function tellSponsorsAnimalLeft(
  em: EntityManager,
  animalId: number,
  links: SponsorMailLinks,
): Promise<{ sponsors: number }> {
  const [animal] = await em.execute<{ name: string; status: AnimalStatus }[]>(
    'select name, status from animals where id = ?',
    [animalId],
  );
  if (!animal || !LEFT_CARE_STATUSES.includes(animal.status)) return { sponsors: 0 };
  const status = animal.status as LeftStatus;
  // No new sponsors for an animal that is no longer here.
  await em.execute(
    'update animals set sponsor_monthly_amount = null where id = ? and sponsor_monthly_amount is not null',
    [animalId],
  );
  const gifts = await em.execute<
    { subscriptionId: number; email: string; name: string; language: string; amount: number }[]
  >(
    `select s.id as "subscriptionId", d.email, d.name, d.language, coalesce(s.monthly_amount, d.amount) as amount
       from subscriptions s join donations d on d.id = s.donation_id
      where s.animal_id = ? and s.status in ${SPONSOR_GIFT_RUNNING}
        and d.email <> '' and d.email not like '%@erased.invalid'
      order by s.id`,
    [animalId],
  );
  const contact = await publishedContact(em);
  for (const gift of gifts) {
    await oweGatewayTask(em, gift.subscriptionId, 'pause');
    const language = languageOf(gift.language);
    const m = sponsorMessages(language);
    const blocks = [
      { p: m.dear(gift.name) },
      { p: m.leftBody[status](animal.name) },
      { p: m.leftPaused(formatRupees(gift.amount)) },
      {
        link: m.leftChoose,
        href: sponsorChoiceUrl(links.siteUrl, gift.subscriptionId, language, links.personalDataKey),
      },
      { small: m.leftAmountNote },
      { p: m.thanks },
    ];
    await enqueueMail(em, {
      eventKey: `sponsor-left-${gift.subscriptionId}-${animalId}`,
      kind: 'sponsor-animal-left',
      to: gift.email,
      subject: m.leftSubject[status](animal.name),
      ...renderMail(blocks, links.donorLinks.donorPageUrl(gift.email, language), undefined, language, contact),
    });
  }
  return { sponsors: gifts.length };
}
