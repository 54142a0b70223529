import type { SubscriptionCanceller } from './subscriptions';

/**
 * Razorpay's "cancel a subscription" call (POST /v1/subscriptions/:id/cancel, immediately), for
 * until the payment gateway offers `cancelSubscription` itself. `apiUrl` is the sandbox's in sandbox mode.
 */
export function razorpayCanceller(options: {
  keyId: string;
  keySecret: string;
  apiUrl?: string;
}): SubscriptionCanceller {
  const base = options.apiUrl ?? 'https://api.razorpay.com';
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  return {
    async cancelSubscription(id) {
      const response = await fetch(`${base}/v1/subscriptions/${encodeURIComponent(id)}/cancel`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ cancel_at_cycle_end: 0 }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Razorpay answered ${response.status} to the cancellation`);
    },
  };
}
