import { lazy, Suspense, useEffect, useState } from 'react';

const Toaster = lazy(async () => ({ default: (await import('react-hot-toast')).Toaster }));

/**
 * The toast area, loaded once the first screen has rendered: it is not needed to paint a page,
 * and it keeps ~4.5 KB gzip out of the home page's first load. A toast raised before it mounts
 * waits in react-hot-toast's store and shows when it does. react-hot-toast's defaults are our
 * durations (4 s error and neutral, 2 s success) and limit of 20 at once (docs/behaviour.md §8.2).
 */
export function DeferredToaster() {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIsReady(true), { timeout: 1000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setIsReady(true), 0);
    return () => window.clearTimeout(handle);
  }, []);
  if (!isReady) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" />
    </Suspense>
  );
}
