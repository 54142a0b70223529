import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';

/**
 * Gifts that carry one PAN or Aadhaar are found by a keyed hash of it (`donations.tax_id_hash`),
 * never by the clear number in a query or a log. The number is stored encrypted with a random
 * nonce, so the hash is computed here from the decrypted number, for the gifts that lack one:
 * before any proposal or merge reads them, a few at a time (the new gifts since the last look).
 */
const BATCH = 500;

/** The hash of an ID, its kind included: a PAN and an Aadhaar never match. Its own purpose's key. */
export const taxIdHash = (cipher: FieldCipher, kind: string, id: string) =>
  cipher.keyedHash('donor-tax-id', `${kind}:${id}`);

/** Hashes the IDs of every gift that has a donor and no hash yet (donations_tax_id_unhashed_index). */
export async function fillTaxIdHashes(em: EntityManager, cipher: FieldCipher): Promise<void> {
  for (;;) {
    const rows = await em.execute<{ id: number; kind: string; encrypted: string }[]>(
      `select id, tax_id_kind as kind, tax_id_encrypted as encrypted from donations
        where tax_id_encrypted is not null and tax_id_hash is null order by id limit ?`,
      [BATCH],
    );
    if (rows.length === 0) return;
    const hashes = rows.map((row) => ({ id: row.id, hash: hashOf(cipher, row) }));
    await em.execute(
      `update donations d set tax_id_hash = h.hash
         from jsonb_to_recordset(?::jsonb) as h(id int, hash text) where d.id = h.id and d.tax_id_hash is null`,
      [JSON.stringify(hashes)],
    );
    if (rows.length < BATCH) return;
  }
}

/** A number that cannot be read (another key, an altered row) is marked so, matching nothing. */
function hashOf(cipher: FieldCipher, row: { id: number; kind: string; encrypted: string }): string {
  try {
    return taxIdHash(cipher, row.kind, cipher.decrypt(row.encrypted));
  } catch {
    return `unreadable:${row.id}`;
  }
}
