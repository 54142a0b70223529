import { afterEach, describe, expect, it } from 'vitest';
import { loadCheckoutScript } from './checkout-script';

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-checkout]')];

afterEach(() => {
  delete window.Razorpay;
  for (const script of scripts()) script.remove();
});

describe('loadCheckoutScript', () => {
  it('loads the script once, however often it is asked', async () => {
    const first = loadCheckoutScript('/sandbox/checkout.js');
    const second = loadCheckoutScript('/sandbox/checkout.js');
    expect(scripts()).toHaveLength(1);
    window.Razorpay = function Razorpay() {} as unknown as Window['Razorpay'];
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toBeDefined();
    await expect(loadCheckoutScript('/sandbox/checkout.js')).resolves.toBeUndefined();
    expect(scripts()).toHaveLength(1);
  });

  it('tries again after a failed load, replacing the failed element', async () => {
    const failed = loadCheckoutScript('/sandbox/checkout.js');
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('failed to load');

    const retried = loadCheckoutScript('/sandbox/checkout.js');
    expect(scripts()).toHaveLength(1);
    window.Razorpay = function Razorpay() {} as unknown as Window['Razorpay'];
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(retried).resolves.toBeUndefined();
  });

  it('rejects a script that loads but defines no checkout', async () => {
    const loaded = loadCheckoutScript('/sandbox/checkout.js');
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(loaded).rejects.toThrow('did not define Razorpay');
  });
});
