import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProposalReason } from '../../../shared/donors.schema';
import { nameKey } from '../../papers/reporting/one-person';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { ADDRESS_KEY, PHONE_KEY } from './gift-sql';
import { fillTaxIdHashes } from './tax-id-hashes';

/**
 * Records that may be one person, for staff to confirm (a merge) or dismiss: gifts sharing a PAN or
 * Aadhaar (by its keyed hash), a phone number, or a name and an address, under another e-mail key.
 * Never joined on their own: an ID typed on a form proves nothing (the statement's review shows
 * one ID carrying two people), and families share phones and addresses.
 */
export interface Proposal {
  donorId: number;
  name: string | null;
  email: string | null;
  giftCount: number;
  /** Paise. */
  lifetimeTotal: number;
  reasons: ProposalReason[];
}

/** A phone shared by everyone erased, or too short to be one: compares with nothing. */
const NO_PHONE = ['', '0000000000'];

export async function proposalsFor(em: EntityManager, cipher: FieldCipher, donorId: number): Promise<Proposal[]> {
  await fillTaxIdHashes(em, cipher);
  const own = await em.execute<
    { tax_id_hash: string | null; phone_key: string; address_key: string | null; name: string }[]
  >(
    `select distinct d.tax_id_hash, ${PHONE_KEY} as phone_key, ${ADDRESS_KEY} as address_key, d.name
       from donations d where d.donor_id = ?`,
    [donorId],
  );
  const hashes = unique(own.map((row) => row.tax_id_hash));
  const phones = unique(own.map((row) => row.phone_key)).filter(
    (phone) => phone.length === 10 && !NO_PHONE.includes(phone),
  );
  const addresses = unique(own.map((row) => row.address_key)).filter((address) => address !== '');
  const names = new Set(own.map((row) => nameKey(row.name)));
  if (hashes.length + phones.length + addresses.length === 0) return [];

  // One look-up per kind, each by its own index: one query with an OR of the three was planned as a
  // scan of every gift (bench:staff, a million gifts).
  const byId = await matchesOf(em, 'd.tax_id_hash', hashes, donorId);
  const byPhone = await matchesOf(em, PHONE_KEY, phones, donorId);
  const byAddress = await matchesOf(em, ADDRESS_KEY, addresses, donorId, 'd.address is not null');
  const matches = [
    ...byId.map((match) => ({ ...match, reason: 'tax-id' as const })),
    ...byPhone.map((match) => ({ ...match, reason: 'phone' as const })),
    ...byAddress
      .filter((match) => names.has(nameKey(match.name)))
      .map((match) => ({ ...match, reason: 'name-and-address' as const })),
  ];
  const reasonsOf = new Map<number, Set<ProposalReason>>();
  for (const match of matches) {
    const reasons = reasonsOf.get(match.donor_id) ?? new Set<ProposalReason>();
    reasons.add(match.reason);
    reasonsOf.set(match.donor_id, reasons);
  }
  if (reasonsOf.size === 0) return [];

  const others = await em.execute<
    { id: number; name: string | null; email: string | null; gift_count: number; lifetime_total: string }[]
  >(
    `select o.id, o.name, o.email, o.gift_count, o.lifetime_total from donors o
      where o.id in (select jsonb_array_elements_text(?::jsonb)::int) and o.merged_into_id is null
        and not exists (select 1 from donor_proposal_dismissals x
                         where x.donor_id = least(o.id, ?) and x.other_donor_id = greatest(o.id, ?))
      order by o.lifetime_total desc, o.id`,
    [JSON.stringify([...reasonsOf.keys()]), donorId, donorId],
  );
  return others.map((other) => ({
    donorId: other.id,
    name: other.name,
    email: other.email,
    giftCount: other.gift_count,
    lifetimeTotal: Number(other.lifetime_total),
    reasons: [...(reasonsOf.get(other.id) ?? [])],
  }));
}

/** Staff say two records are two people: that pair is not proposed again. Audited. */
export async function dismissProposal(
  em: EntityManager,
  actor: Actor,
  input: { donorId: number; otherDonorId: number },
): Promise<{ dismissed: true }> {
  const [low, high] = [input.donorId, input.otherDonorId].sort((a, b) => a - b) as [number, number];
  return em.transactional(async (tx) => {
    const found = await tx.execute<{ id: number }[]>('select id from donors where id in (?, ?)', [low, high]);
    if (found.length !== 2) throw new DomainError('NOT_FOUND', `No donor ${found[0]?.id === low ? high : low}`);
    await tx.execute(
      `insert into donor_proposal_dismissals (donor_id, other_donor_id, dismissed_by) values (?, ?, ?)
       on conflict do nothing`,
      [low, high, actor.username],
    );
    await audit(tx, actor, 'donor_proposal_dismissed', { donorId: low, otherDonorId: high });
    return { dismissed: true as const };
  });
}

/** Other donors' gifts whose `key` (an indexed expression over `donations d`) is one of `values`. */
async function matchesOf(em: EntityManager, key: string, values: string[], donorId: number, also = 'true') {
  if (values.length === 0) return [];
  return em.execute<{ donor_id: number; name: string }[]>(
    `select d.donor_id, d.name from donations d
      where ${key} = any(?::text[]) and ${also} and d.donor_id is not null and d.donor_id <> ?`,
    [textArray(values), donorId],
  );
}

/** A PostgreSQL text[] literal: one parameter, where an array would become a list of them. */
const textArray = (values: string[]) => `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

function unique<Value>(values: (Value | null)[]): Value[] {
  return [...new Set(values.filter((value): value is Value => value !== null))];
}
