import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { armor, Decrypter } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DecryptError,
  decryptBackupFile,
  encryptBackupFile,
  makeOffsiteKeys,
  type OffsiteKeys,
  openSealedKey,
} from './offsite-encryption';
import { copyFormat, decryptCopyForRestore } from './offsite-restore';
import { signCopy } from './offsite-signature';

/**
 * The copies' format: age, encrypted to the trust's recipient, signed by the trust's server, the
 * key sealed with the passphrase. What the server writes restores (and opens with age's own
 * decryption, as the `age` command would); what someone else wrote to the bucket is refused.
 */
const PASSPHRASE = 'tiger lily monsoon 2026';
let dir: string;
let keys: OffsiteKeys;
const plain = Buffer.concat([Buffer.from('Donor Meena Krishnan, meena@example.com\n'), randomBytes(200_000)]);

/** A copy as offsite-copy.ts makes one: `name` and `name.sig` in the folder. */
async function copyOf(source: Buffer, name: string, signer: OffsiteKeys, sealedKey = signer.sealedKey) {
  const path = join(dir, name);
  await writeFile(join(dir, `${name}.plain`), source);
  await encryptBackupFile(join(dir, `${name}.plain`), path, keys.recipient);
  await writeFile(`${path}.sig`, await signCopy(path, name, { signingKey: signer.signingKey, sealedKey }));
  return path;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rescue-offsite-crypto-'));
  keys = await makeOffsiteKeys(PASSPHRASE);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the off-site copies: age, signed', () => {
  it("the server's copy restores with the passphrase alone, hides its text, and opens with age's own decryption", async () => {
    const copy = await copyOf(plain, 'rescue-20261129-023000-nightly.backup.gz.age', keys);
    const sealed = await readFile(copy);
    expect(sealed.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
    expect(sealed.includes('meena@example.com')).toBe(false);

    const opened = await decryptCopyForRestore(copy, PASSPHRASE);
    expect(opened.object).toBe('rescue-20261129-023000-nightly.backup.gz.age');
    expect(opened.file.endsWith('/rescue-20261129-023000-nightly.backup.gz')).toBe(true);
    expect((await readFile(opened.file)).equals(plain)).toBe(true);
    await rm(dirname(opened.file), { recursive: true, force: true });

    // As `age -d -i sealed-key.age copy.age` does: the package's own scrypt and X25519 code.
    const byAge = new Decrypter();
    byAge.addPassphrase(PASSPHRASE);
    const identityFile = await byAge.decrypt(armor.decode(keys.sealedKey), 'text');
    const identity = identityFile.split('\n').find((line) => line.startsWith('AGE-SECRET-KEY-1')) as string;
    const reader = new Decrypter();
    reader.addIdentity(identity);
    const stream = await reader.decrypt(Readable.toWeb(Readable.from([sealed])) as ReadableStream<Uint8Array>);
    const chunks: Buffer[] = [];
    for await (const chunk of Readable.fromWeb(stream as never)) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(plain)).toBe(true);
  });

  it('refuses a copy someone else wrote to the bucket, however it was made, before decrypting it', async () => {
    const forged = Buffer.from('a database with the forger as its admin');
    const attacker = await makeOffsiteKeys('the forger’s own passphrase');
    // Encrypted to the trust's recipient, signed with the forger's key, beside the trust's sealed key.
    const signedByThem = await copyOf(forged, 'forged-1.age', attacker, keys.sealedKey);
    const theirs = decryptCopyForRestore(signedByThem, PASSPHRASE);
    await expect(theirs).rejects.toThrow(DecryptError);
    await expect(theirs).rejects.toThrow(/not written by this trust's server/);

    // With their own sealed key: the trust's passphrase does not open it.
    const ownKey = await copyOf(forged, 'forged-2.age', attacker);
    await expect(decryptCopyForRestore(ownKey, PASSPHRASE)).rejects.toThrow(/wrong passphrase.*not written by/);

    // A genuine signature file beside another file.
    const genuine = await copyOf(plain, 'genuine.age', keys);
    await writeFile(join(dir, 'forged-3.age'), await readFile(signedByThem));
    await writeFile(join(dir, 'forged-3.age.sig'), await readFile(`${genuine}.sig`));
    await expect(decryptCopyForRestore(join(dir, 'forged-3.age'), PASSPHRASE)).rejects.toThrow(
      /not the copy its signature file was made for/,
    );

    // No signature at all.
    await writeFile(join(dir, 'unsigned.age'), await readFile(signedByThem));
    await expect(decryptCopyForRestore(join(dir, 'unsigned.age'), PASSPHRASE)).rejects.toThrow(
      /signature file unsigned.age.sig is missing/,
    );
  });

  it('refuses a wrong passphrase, and a cut copy, leaving no output', async () => {
    const copy = await copyOf(Buffer.from('rows'), 'small.age', keys);
    await expect(decryptCopyForRestore(copy, 'wrong one')).rejects.toThrow(/wrong passphrase/);
    const { identity } = await openSealedKey(keys.sealedKey, PASSPHRASE);
    const sealed = await readFile(copy);
    await writeFile(join(dir, 'cut.age'), sealed);
    await truncate(join(dir, 'cut.age'), sealed.length - 3);
    await expect(decryptBackupFile(join(dir, 'cut.age'), join(dir, 'cut.out'), identity)).rejects.toThrow(DecryptError);
    await expect(readFile(join(dir, 'cut.out'))).rejects.toThrow(/ENOENT/);
    await writeFile(join(dir, 'cut.age.sig'), await readFile(`${copy}.sig`));
    await expect(decryptCopyForRestore(join(dir, 'cut.age'), PASSPHRASE)).rejects.toThrow(
      /altered, cut short, or is another copy/,
    );
  });

  it('refuses an absurd passphrase cost without paying it, and the first, unsigned format', async () => {
    // The trust's sealed key with its scrypt stanza asking for 2^40 (tens of terabytes).
    const header = Buffer.from(armor.decode(keys.sealedKey));
    const stanza = header.indexOf(' 18\n');
    expect(stanza).toBeGreaterThan(0);
    const costly = Buffer.concat([header.subarray(0, stanza), Buffer.from(' 40\n'), header.subarray(stanza + 4)]);
    await expect(openSealedKey(armor.encode(costly), PASSPHRASE)).rejects.toThrow(
      /cost of 2\^40, above this site's 2\^18: it was not made by this site/,
    );

    const legacy = join(dir, 'rescue-old.backup.gz.enc');
    const legacyHeader = { publicKey: 'AAAA', salt: 'AAAA', scrypt: { N: 2 ** 17, r: 8, p: 100000 } };
    await writeFile(legacy, `RESCUE-ENCRYPTED-BACKUP-1\n${JSON.stringify(legacyHeader)}\n`);
    await expect(decryptCopyForRestore(legacy, PASSPHRASE)).rejects.toThrow(
      /first format \(….enc\), which cannot show it was written by this trust's server/,
    );
  });

  it("a plain backup under a copy's name, or with a signature file beside it, is refused, not taken for a backup", async () => {
    const disguised = join(dir, 'rescue-20261130-023000-nightly.backup.gz.age');
    await writeFile(disguised, gzipSync(Buffer.from('{"format":"rescue-logical-backup"}\n')));
    await writeFile(`${disguised}.sha256`, `${'0'.repeat(64)}  rescue-20261130-023000-nightly.backup.gz.age\n`);
    await expect(copyFormat(disguised)).rejects.toThrow(DecryptError);
    await expect(decryptCopyForRestore(disguised, PASSPHRASE)).rejects.toThrow(
      /named as an encrypted copy from the off-site bucket but is a plain backup.*not written by this trust's server; refused/,
    );

    const beside = join(dir, 'rescue-20261128-023000-nightly.backup.gz');
    await writeFile(beside, gzipSync(Buffer.from('{"format":"rescue-logical-backup"}\n')));
    expect(await copyFormat(beside)).toBe('plain');
    await writeFile(`${beside}.sig`, 'rescue off-site copy v2\n');
    await expect(copyFormat(beside)).rejects.toThrow(/plain backup with a signature file .* beside it/);
  });

  it('a copy under another name than the one it was signed for is refused, unless asked to accept it', async () => {
    const older = await copyOf(plain, 'rescue-20261120-023000-nightly.backup.gz.age', keys);
    const newer = join(dir, 'rescue-20261121-023000-nightly.backup.gz.age');
    await writeFile(newer, await readFile(older));
    await writeFile(`${newer}.sig`, await readFile(`${older}.sig`));
    await expect(decryptCopyForRestore(newer, PASSPHRASE)).rejects.toThrow(
      /signed by this trust's server as rescue-20261120-023000-nightly.backup.gz.age, but the file given is named rescue-20261121-023000-nightly.backup.gz.age/,
    );
    const opened = await decryptCopyForRestore(newer, PASSPHRASE, { acceptOtherName: true });
    expect(opened.object).toBe('rescue-20261120-023000-nightly.backup.gz.age');
    expect((await readFile(opened.file)).equals(plain)).toBe(true);
    await rm(dirname(opened.file), { recursive: true, force: true });
  });
});
