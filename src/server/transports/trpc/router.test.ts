import type { inferProcedureInput } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AppRouter, RouterInputs, RouterOutputs } from './router';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the typed procedures', () => {
  it('take and give the documented types end to end', async () => {
    const input: inferProcedureInput<AppRouter['donation']['create']> = {
      name: 'Kavya',
      email: 'kavya@example.com',
      phone: '9876543210',
      amount: 50000,
      donationType: 'one-time',
    };
    expectTypeOf(input).toEqualTypeOf<RouterInputs['donation']['create']>();
    const created = await t.caller.donation.create(input);
    expectTypeOf(created).toEqualTypeOf<RouterOutputs['donation']['create']>();
    expectTypeOf(created.order.id).toBeString();
    expect(created.donation).toMatchObject({ name: 'Kavya', amount: 50000, purpose: null });
  });

  it('tell the donate page which checkout to load', async () => {
    const config: RouterOutputs['payment']['config'] = await t.caller.payment.config();
    expect(config).toEqual({ provider: 'sandbox', checkoutScriptUrl: '/sandbox/checkout.js' });
  });
});
