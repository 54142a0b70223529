import type { EntityManager } from '@mikro-orm/postgresql';
import { type AnimalStatus, LEFT_CARE_STATUSES } from '../../../shared/animals';
import { inLanguage, storedTranslations } from '../../../shared/appeals.schema';
import type { SubscriptionStatus } from '../../../shared/donation-states';
import type { Language } from '../../../shared/languages';
import type { PaymentGateway } from '../../gifts/payments/gateway';
import { cancelSubscription } from '../../gifts/settlement/cancel-subscription';
import type { DonorLinks } from '../../gifts/settlement/donor-notices';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import type { AnimalTranslations } from '../records/animal.entity';
import { dropGatewayTasks, oweGatewayTask, runGatewayTasks, type SponsorGateway } from './sponsor-gateway-tasks';
import { verifySponsorToken } from './sponsor-token';
import { OPEN_FOR_SPONSORS } from './sponsorship';

/**
 * A sponsor's own page, reached by the link in the mail sent when their animal left care
 * (animal-left.ts): they carry the same monthly gift to another animal open for sponsorship (our
 * record, `subscriptions.animal_id`, changes; the mandate at Razorpay stays, and the gift paused for
 * them is resumed) or stop it (cancelled at Razorpay, as on My giving). The gift keeps its amount:
 * changing it is My giving's.
 */

export const INVALID_SPONSOR_LINK = 'This link has expired or is not valid: open My giving to manage your gift';

interface Gift {
  id: number;
  status: SubscriptionStatus;
  razorpaySubscriptionId: string | null;
  amount: number;
  animalId: number | null;
  animalName: string | null;
  animalStatus: AnimalStatus | null;
}

const giftSql = (lock: boolean) =>
  `select s.id, s.status, s.razorpay_subscription_id as "razorpaySubscriptionId", coalesce(s.monthly_amount, d.amount) as amount, s.animal_id as "animalId",
          a.name as "animalName", a.status as "animalStatus"
     from subscriptions s join donations d on d.id = s.donation_id left join animals a on a.id = s.animal_id
    where s.id = ? ${lock ? 'for update of s' : ''}`;

async function giftOf(em: EntityManager, token: string, key: Buffer, lock = false): Promise<Gift> {
  const subscriptionId = verifySponsorToken(token, key);
  const [gift] = subscriptionId === null ? [] : await em.execute<Gift[]>(giftSql(lock), [subscriptionId]);
  if (!gift) throw new DomainError('NOT_FOUND', INVALID_SPONSOR_LINK, { field: 'token' });
  return gift;
}

const isFinal = (status: SubscriptionStatus) => ['cancelled', 'completed', 'expired'].includes(status);

/** What the page shows: the gift, the animal it was for, where it stands, and the animals to choose from. */
export async function sponsorChoice(em: EntityManager, token: string, key: Buffer, language: Language = 'en') {
  const gift = await giftOf(em, token, key);
  const rows = await em.execute<
    {
      slug: string;
      name: string;
      species: string;
      oneLine: string;
      translations: unknown;
      monthlyAmount: number;
      photoImageId: number | null;
    }[]
  >(
    `select a.slug, a.name, a.species, a.one_line as "oneLine", a.translations, a.sponsor_monthly_amount as "monthlyAmount",
            (a.photo_image_ids->>0)::int as "photoImageId"
       from animals a where ${OPEN_FOR_SPONSORS} order by a.name, a.id limit 60`,
  );
  // Each animal's one line in the page's language where staff wrote it (`inEnglish` otherwise, for its lang attribute).
  const animals = rows.map(({ translations, ...animal }) => {
    const oneLine = inLanguage(
      storedTranslations<AnimalTranslations>(translations),
      language,
      'oneLine',
      animal.oneLine,
    );
    return { ...animal, oneLine, inEnglish: language !== 'en' && oneLine === animal.oneLine };
  });
  const left = gift.animalStatus !== null && LEFT_CARE_STATUSES.includes(gift.animalStatus);
  return {
    amount: gift.amount,
    animal: gift.animalName === null ? null : { name: gift.animalName, status: gift.animalStatus, left },
    /** `choose`: waiting for the sponsor; `sponsoring`: for an animal in care; `ended`: stopped. */
    state: isFinal(gift.status) ? ('ended' as const) : left ? ('choose' as const) : ('sponsoring' as const),
    subscriptionStatus: gift.status,
    animals: animals.filter((animal) => animal.name !== gift.animalName || !left),
  };
}

/**
 * Carries the gift to another animal: the record changes in one conditional step (only while the
 * animal it was for has left care and the gift runs), the pause still owed is replaced by a resume
 * when Razorpay has paused it, then the resume is made at once (or by the loop, if Razorpay fails).
 */
export async function moveSponsorship(
  { em, gateway, personalDataKey }: { em: EntityManager; gateway: SponsorGateway; personalDataKey: Buffer },
  input: { token: string; animal: string; ip: string },
) {
  const moved = await em.transactional(async (tx) => {
    const gift = await giftOf(tx, input.token, personalDataKey, true);
    if (isFinal(gift.status)) throw new DomainError('CONFLICT', 'This monthly gift has ended');
    if (gift.animalStatus === null || !LEFT_CARE_STATUSES.includes(gift.animalStatus)) {
      throw new DomainError('CONFLICT', `Your gift already sponsors ${gift.animalName ?? 'an animal in our care'}`);
    }
    const [target] = await tx.execute<{ id: number; name: string }[]>(
      `select a.id, a.name from animals a where a.slug = ? and ${OPEN_FOR_SPONSORS} for share`,
      [input.animal],
    );
    if (!target) throw new DomainError('BAD_REQUEST', 'This animal is not open for sponsorship', { field: 'animal' });
    await tx.execute('update subscriptions set animal_id = ? where id = ?', [target.id, gift.id]);
    // The sponsor's own choice, in the audit trail as theirs (as My giving's changes are): which gift,
    // from which animal to which; no name or address of the sponsor.
    await audit(tx, { userId: null, username: 'donor', ip: input.ip }, 'sponsor_gift_moved', {
      subscriptionId: gift.id,
      fromAnimalId: gift.animalId,
      toAnimalId: target.id,
    });
    if (gift.status === 'paused') await oweGatewayTask(tx, gift.id, 'resume');
    // Not paused yet (Razorpay was away): the pause is no longer wanted.
    else await dropGatewayTasks(tx, gift.id);
    return { subscriptionId: gift.id, animal: target.name, from: gift.animalName };
  });
  await runGatewayTasks({ em, gateway }, { subscriptionId: moved.subscriptionId });
  const [after] = await em.execute<{ status: SubscriptionStatus }[]>('select status from subscriptions where id = ?', [
    moved.subscriptionId,
  ]);
  return { animal: moved.animal, subscriptionStatus: after?.status ?? 'paused' };
}

/** Stops the gift: cancelled at Razorpay, then in the books with the donor's mail (gifts/settlement/cancel-subscription.ts). */
export async function stopSponsorship(
  {
    em,
    gateway,
    donorLinks,
    personalDataKey,
  }: {
    em: EntityManager;
    gateway: Pick<PaymentGateway, 'cancelSubscription'>;
    donorLinks: DonorLinks;
    personalDataKey: Buffer;
  },
  input: { token: string },
) {
  const gift = await giftOf(em, input.token, personalDataKey);
  const outcome = await cancelSubscription(em, { gateway, donorLinks, madeBy: 'donor' }, gift);
  if (!outcome.ok && outcome.reason === 'provider_failed') {
    throw new DomainError('BAD_GATEWAY', 'Razorpay could not be reached: nothing was changed. Please try again.', {
      cause: outcome.cause,
    });
  }
  await dropGatewayTasks(em, gift.id);
  return { stopped: true };
}
