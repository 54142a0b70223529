import { describe, expect, it } from 'vitest';
import { nextSubscriptionStatus } from './subscription-status';

describe('nextSubscriptionStatus', () => {
  it('moves through set-up forward only', () => {
    expect(nextSubscriptionStatus('created', 'authenticated')).toBe('authenticated');
    expect(nextSubscriptionStatus('authenticated', 'created')).toBe('authenticated');
    expect(nextSubscriptionStatus('created', 'active')).toBe('active');
  });

  it('never goes back to set-up once running', () => {
    expect(nextSubscriptionStatus('active', 'authenticated')).toBe('active');
    expect(nextSubscriptionStatus('halted', 'created')).toBe('halted');
  });

  it('lets the latest running status win', () => {
    expect(nextSubscriptionStatus('active', 'pending')).toBe('pending');
    expect(nextSubscriptionStatus('pending', 'active')).toBe('active');
    expect(nextSubscriptionStatus('halted', 'active')).toBe('active');
    expect(nextSubscriptionStatus('active', 'paused')).toBe('paused');
  });

  it('keeps a final status', () => {
    expect(nextSubscriptionStatus('active', 'cancelled')).toBe('cancelled');
    expect(nextSubscriptionStatus('cancelled', 'active')).toBe('cancelled');
    expect(nextSubscriptionStatus('completed', 'halted')).toBe('completed');
  });

  it('keeps the status it has when Razorpay reports one outside its documented list', () => {
    expect(nextSubscriptionStatus('active', 'mystery')).toBe('active');
  });
});
