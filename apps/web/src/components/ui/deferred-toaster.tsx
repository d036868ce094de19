import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterRequested, subscribeToToasterRequest } from '@/lib/toaster-demand';

const Toaster = lazy(async () => ({ default: (await import('react-hot-toast')).Toaster }));

/**
 * The toast area, loaded when the first toast is raised (lib/toast.ts): a page that never toasts,
 * such as the home page, never loads it (~4.5 KB gzip). The toast waits in react-hot-toast's
 * store meanwhile and shows when the area mounts. react-hot-toast's defaults are our durations
 * (4 s error and neutral, 2 s success) and limit of 20 at once (docs/behaviour.md §10.2).
 */
export function DeferredToaster() {
  const isRequested = useSyncExternalStore(subscribeToToasterRequest, isToasterRequested, () => false);
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" />
    </Suspense>
  );
}
