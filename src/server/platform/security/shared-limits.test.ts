import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildDependencies, type ServerDependencies } from '../../wiring/composition-root';
import { ENTITIES } from '../../wiring/entities';
import { type Orm, openDatabase } from '../db/orm';

/**
 * Two instances of the app on one database, each with its own connection pool, as two servers
 * behind a load balancer: the donation budgets and the rate limits hold as for one instance.
 */
let t: TestApp;
let secondOrm: Orm;
let secondDeps: ServerDependencies;
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '4', DONATION_EMAIL_LIMIT_PER_HOUR: '3', TRUST_PROXY: '1' });
  secondOrm = await openDatabase(t.db.url, ENTITIES, { migrate: false });
  secondDeps = await buildDependencies(t.config, secondOrm, undefined);
  second = await buildApp({ config: t.config, deps: secondDeps });
});
afterAll(async () => {
  await second.close();
  await secondDeps.close();
  await secondOrm.close();
  await t.close();
});

const instances = () => [t.app, second];
const create = (app: FastifyInstance, ip: string, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/donations',
    headers: { 'x-forwarded-for': ip },
    payload: donationBody({ email, amount: 50_000 }),
  });

describe('limits shared by every instance on the database', () => {
  it('lets one address start as many donations through two instances as through one, even at once', async () => {
    const ip = '198.51.100.20';
    // Ten creates at the same moment, alternating between the instances, each with its own e-mail.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) => create(instances()[n % 2] as FastifyInstance, ip, `d${n}@example.com`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    expect(answers.find((answer) => answer.statusCode === 429)?.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('holds the per-e-mail budget across instances and addresses', async () => {
    const email = 'card.tester@example.com';
    const answers = [];
    for (let n = 0; n < 6; n++) {
      answers.push((await create(instances()[n % 2] as FastifyInstance, `198.51.100.${30 + n}`, email)).statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it("shares tRPC's and verify's rate limits", async () => {
    const ip = '198.51.100.50';
    const config = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/trpc/payment.config', headers: { 'x-forwarded-for': ip } });
    const calls = [];
    for (let n = 0; n < 6; n++) calls.push((await config(instances()[n % 2] as FastifyInstance)).statusCode);
    expect(calls).toEqual([200, 200, 200, 200, 429, 429]);

    const verify = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/verify-payment', headers: { 'x-forwarded-for': ip }, payload: {} });
    const verifies = [];
    for (let n = 0; n < 6; n++) verifies.push((await verify(instances()[n % 2] as FastifyInstance)).statusCode);
    expect(verifies).toEqual([400, 400, 400, 400, 429, 429]);
  });
});
