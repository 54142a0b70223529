import { type PaymentGateway, PaymentProviderError } from './gateway';

/**
 * The gateway the server hands out, forwarding each call to the one built with the current keys:
 * the console's settings swap that one (`use`) without a restart, and every holder of this object
 * (the create path, reconciliation, the settlement fetch) calls with the new keys from then on.
 */
export function createSwitchableGateway(initial: PaymentGateway) {
  let current = initial;
  const gateway: PaymentGateway = {
    createOrder: (input) => current.createOrder(input),
    createMonthlyPlan: (input) => current.createMonthlyPlan(input),
    createSubscription: (input) => current.createSubscription(input),
    cancelSubscription: (id, options) => current.cancelSubscription(id, options),
    scheduleSubscriptionPlan: (id, planId) => current.scheduleSubscriptionPlan(id, planId),
    pauseSubscription: (id) => current.pauseSubscription(id),
    resumeSubscription: (id) => current.resumeSubscription(id),
    refundPayment: (id) => current.refundPayment(id),
    fetchOrderPayments: (id) => current.fetchOrderPayments(id),
    fetchSubscription: (id) => current.fetchSubscription(id),
    fetchSubscriptionInvoices: (id) => current.fetchSubscriptionInvoices(id),
    fetchSettlements: (range) => current.fetchSettlements(range),
    fetchSettlementReport: (day) => current.fetchSettlementReport(day),
  };
  return {
    gateway,
    use(next: PaymentGateway) {
      current = next;
    },
  };
}

/**
 * Razorpay mode before an admin has saved the keys: every call fails as an unreachable Razorpay
 * does (a 502 to the donor), and the log says what to do.
 */
export function gatewayWithoutKeys(): PaymentGateway {
  const refuse = (operation: string) => () =>
    Promise.reject(
      new PaymentProviderError(operation, new Error('the Razorpay keys are not set (an admin sets them in Settings)')),
    );
  return {
    createOrder: refuse('order creation'),
    createMonthlyPlan: refuse('plan creation'),
    createSubscription: refuse('subscription creation'),
    cancelSubscription: refuse('subscription cancellation'),
    scheduleSubscriptionPlan: refuse('subscription update'),
    pauseSubscription: refuse('subscription pause'),
    resumeSubscription: refuse('subscription resume'),
    refundPayment: refuse('refund'),
    fetchOrderPayments: refuse('order payments lookup'),
    fetchSubscription: refuse('subscription lookup'),
    fetchSubscriptionInvoices: refuse('invoice lookup'),
    fetchSettlements: refuse('settlements lookup'),
    fetchSettlementReport: refuse('settlement report lookup'),
  };
}
