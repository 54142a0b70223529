import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToasts, subscribeToToasts, toastsWanted } from './toast';

const ToastContainer = lazy(() => loadToasts().then((module) => ({ default: module.ToastContainer })));

/**
 * Where toasts (./toast.ts) appear: the container mounts with the first toast. Its chunk is fetched
 * as soon as the donor starts on the form (DonateRoute.tsx), so a toast then shows without waiting
 * for the network.
 */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToToasts, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
