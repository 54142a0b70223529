import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isValidOrderPayment,
  isValidSubscriptionPayment,
  isValidWebhook,
  orderPaymentSignature,
  subscriptionPaymentSignature,
  webhookSignature,
} from './signatures';

const secret = 'test_secret';
const independent = (payload: string, key = secret) => createHmac('sha256', key).update(payload).digest('hex');

describe('Razorpay signatures', () => {
  it('signs one-time payments as order_id|payment_id', () => {
    expect(orderPaymentSignature('order_A1', 'pay_B2', secret)).toBe(independent('order_A1|pay_B2'));
  });

  it('signs subscription payments as payment_id|subscription_id (the other order)', () => {
    expect(subscriptionPaymentSignature('pay_B2', 'sub_C3', secret)).toBe(independent('pay_B2|sub_C3'));
    expect(subscriptionPaymentSignature('pay_B2', 'sub_C3', secret)).not.toBe(independent('sub_C3|pay_B2'));
  });

  it('signs webhooks over the raw body', () => {
    const body = '{"event":"payment.captured","payload":{}}';
    expect(webhookSignature(body, 'hook')).toBe(independent(body, 'hook'));
    expect(webhookSignature(Buffer.from(body), 'hook')).toBe(independent(body, 'hook'));
  });

  it('verifies nothing with a secret not set yet (an empty key anyone can sign with)', () => {
    expect(isValidOrderPayment('order_A1', 'pay_B2', independent('order_A1|pay_B2', ''), '')).toBe(false);
    expect(isValidSubscriptionPayment('pay_B2', 'sub_C3', independent('pay_B2|sub_C3', ''), '')).toBe(false);
    expect(isValidWebhook('{}', independent('{}', ''), '')).toBe(false);
  });

  it('accepts exactly the right signature', () => {
    expect(isValidOrderPayment('order_A1', 'pay_B2', independent('order_A1|pay_B2'), secret)).toBe(true);
    expect(isValidOrderPayment('order_A1', 'pay_B2', independent('order_A1|pay_B2').toUpperCase(), secret)).toBe(true);
    expect(isValidSubscriptionPayment('pay_B2', 'sub_C3', independent('pay_B2|sub_C3'), secret)).toBe(true);
    expect(isValidWebhook('{}', independent('{}', 'hook'), 'hook')).toBe(true);
  });

  it('rejects another order, another secret, the swapped formula and malformed input', () => {
    const good = independent('order_A1|pay_B2');
    expect(isValidOrderPayment('order_OTHER', 'pay_B2', good, secret)).toBe(false);
    expect(isValidOrderPayment('order_A1', 'pay_B2', independent('order_A1|pay_B2', 'other'), secret)).toBe(false);
    expect(isValidSubscriptionPayment('pay_B2', 'sub_C3', independent('sub_C3|pay_B2'), secret)).toBe(false);
    expect(isValidOrderPayment('order_A1', 'pay_B2', good.slice(0, 63), secret)).toBe(false);
    expect(isValidOrderPayment('order_A1', 'pay_B2', 'zz'.repeat(32), secret)).toBe(false);
    expect(isValidOrderPayment('order_A1', 'pay_B2', '', secret)).toBe(false);
  });
});
