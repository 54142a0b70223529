import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { siteContent } from '../../../shared/site-content';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { getTrustDetails, updateTrustDetails } from './trust-details';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe("the trust's legal details", () => {
  it('are the site content defaults until an admin saves some', async () => {
    expect(await getTrustDetails(db.orm.em.fork())).toEqual(siteContent.legal);
  });

  it('are saved and read back, with the PAN upper-cased', async () => {
    const details = { ...siteContent.legal, name: 'Renamed Trust', pan: 'aaatc1234b', receiptPrefix: 'RT' };
    await db.orm.em.fork().transactional((em) => updateTrustDetails(em, details));
    await db.orm.em
      .fork()
      .transactional((em) => updateTrustDetails(em, { ...details, validity: 'AY 2027-28 to AY 2031-32' }));
    expect(await getTrustDetails(db.orm.em.fork())).toEqual({
      ...details,
      pan: 'AAATC1234B',
      validity: 'AY 2027-28 to AY 2031-32',
    });
  });

  it('refuse a bad PAN, date or receipt prefix', async () => {
    const bad = { ...siteContent.legal, pan: 'NOTAPAN', approvedOn: '1 April 2022', receiptPrefix: 'no/slash' };
    const error = await db.orm.em
      .fork()
      .transactional((em) => updateTrustDetails(em, bad))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'approvedOn',
      'pan',
      'receiptPrefix',
    ]);
  });
});
