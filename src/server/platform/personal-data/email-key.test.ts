import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { normaliseEmail } from './email-key';

/**
 * The e-mail key has two writings: email-key.ts (the donation budget, the statement's review) and
 * the SQL function `donor_email_key` that joins gifts to donors. They must never disagree.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const TRICKY = [
  'asha@example.com',
  ' A.Sha+donate@GMail.com ',
  'a.sha@googlemail.com',
  'A.SHA@GOOGLEMAIL.COM',
  'a.sha+x@example.org',
  'first.last+@gmail.com',
  '+only-a-tag@gmail.com',
  'x.y+z+w@googlemail.com',
  'a..b.@gmail.com',
  'dots.stay@sub.gmail.com',
  'dots.stay@gmail.co.in',
  'quoted"@"name@example.com',
  '\tTab.Person@Example.COM\n',
  'no-at-sign',
  '@gmail.com',
  'trailing@',
];

describe('the e-mail key', () => {
  it('is the same in SQL as in TypeScript, on tricky addresses', async () => {
    for (const address of TRICKY) {
      const [row] = await db.orm.em.execute<{ key: string | null }[]>('select donor_email_key(?) as key', [address]);
      expect(row?.key, JSON.stringify(address)).toBe(normaliseEmail(address));
    }
  });

  it('joins one inbox written many ways', () => {
    expect(normaliseEmail(' A.Sha+donate@GMail.com ')).toBe('asha@gmail.com');
    expect(normaliseEmail('a.sha@googlemail.com')).toBe('asha@gmail.com');
    expect(normaliseEmail('a.sha+x@example.org')).toBe('a.sha@example.org');
  });

  it('is no key at all for a blank address in SQL (a gift recorded without one is a donor of its own)', async () => {
    const rows = await db.orm.em.execute<{ key: string | null }[]>(
      `select donor_email_key(x) as key from unnest(array['', '   ', null]) x`,
    );
    expect(rows.map((row) => row.key)).toEqual([null, null, null]);
  });
});
