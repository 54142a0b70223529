import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToasts, subscribeToToasts, toastsWanted } from './toast';

const Notifications = lazy(() => loadToasts().then((module) => ({ default: module.Notifications })));

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
      <Notifications limit={1} autoClose={5000} position="top-center" />
    </Suspense>
  );
}
