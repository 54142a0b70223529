import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's signatures, as its documentation defines them. The ids signed are always the ones
 * stored on our donation, never the ones the browser sends, so a signature for one donation's
 * order can never pay another donation.
 */

function hmacHex(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of hex digests; a malformed or short signature is simply unequal. */
function equalHex(expectedHex: string, receivedHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const received = Buffer.from(receivedHex, 'hex');
  return received.length === expected.length && timingSafeEqual(expected, received);
}

/** One-time payment: HMAC_SHA256(order_id + "|" + payment_id, key_secret). */
export function orderPaymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(`${orderId}|${paymentId}`, keySecret);
}

/** Subscription payment: HMAC_SHA256(payment_id + "|" + subscription_id, key_secret). */
export function subscriptionPaymentSignature(paymentId: string, subscriptionId: string, keySecret: string): string {
  return hmacHex(`${paymentId}|${subscriptionId}`, keySecret);
}

/** Webhook: HMAC_SHA256 of the raw request body with the webhook secret. */
export function webhookSignature(rawBody: string | Buffer, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

// A secret not set yet (razorpay mode waiting for the console's keys) is empty: anyone can sign
// with an empty key, so nothing verifies with one.

export function isValidOrderPayment(orderId: string, paymentId: string, signature: string, keySecret: string) {
  return keySecret !== '' && equalHex(orderPaymentSignature(orderId, paymentId, keySecret), signature);
}

export function isValidSubscriptionPayment(
  paymentId: string,
  subscriptionId: string,
  signature: string,
  keySecret: string,
) {
  return keySecret !== '' && equalHex(subscriptionPaymentSignature(paymentId, subscriptionId, keySecret), signature);
}

export function isValidWebhook(rawBody: string | Buffer, signature: string, webhookSecret: string) {
  return webhookSecret !== '' && equalHex(webhookSignature(rawBody, webhookSecret), signature);
}
