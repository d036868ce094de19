import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False on the server and while the browser hydrates the server's HTML, true from the render
 * right after (and at once on a page the browser renders itself). What only works with
 * JavaScript waits for it, and hydration still finds exactly the server's markup.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
