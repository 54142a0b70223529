/**
 * Razorpay's subscription statuses arrive out of order, so a late event must not undo a later
 * one: nothing leaves a final status, and nothing goes back to the set-up steps once the
 * subscription has started. Between the running statuses (active, pending, halted, paused) the
 * latest event wins, as Razorpay moves between them both ways.
 */
const FINAL = new Set(['cancelled', 'completed', 'expired']);
const SETUP_ORDER = ['created', 'authenticated'];

export function nextSubscriptionStatus(current: string, incoming: string): string {
  if (FINAL.has(current)) return current;
  if (FINAL.has(incoming)) return incoming;
  const currentSetup = SETUP_ORDER.indexOf(current);
  const incomingSetup = SETUP_ORDER.indexOf(incoming);
  if (incomingSetup === -1) return incoming;
  if (currentSetup === -1) return current;
  return incomingSetup > currentSetup ? incoming : current;
}
