/**
 * Puts the checkout script on the page once, and again after a failed attempt: a donor on a
 * flaky mobile network must be able to press "Donate Now" again and have it work.
 */
const LOAD_TIMEOUT_MS = 15_000;

let loading: { url: string; promise: Promise<void> } | undefined;

export function loadCheckoutScript(url: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  if (loading?.url === url) return loading.promise;
  const promise = new Promise<void>((resolve, reject) => {
    for (const stale of document.querySelectorAll(`script[data-checkout]`)) stale.remove();
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.checkout = '';
    const timer = setTimeout(() => fail(new Error('checkout script timed out')), LOAD_TIMEOUT_MS);
    function fail(error: Error) {
      clearTimeout(timer);
      loading = undefined;
      reject(error);
    }
    script.onload = () => {
      if (!window.Razorpay) return fail(new Error('checkout script did not define Razorpay'));
      clearTimeout(timer);
      // From now on window.Razorpay answers; a later check that finds it gone loads it afresh.
      loading = undefined;
      resolve();
    };
    script.onerror = () => fail(new Error('checkout script failed to load'));
    document.head.appendChild(script);
  });
  loading = { url, promise };
  return promise;
}
