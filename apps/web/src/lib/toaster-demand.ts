/**
 * Whether the app has asked for the toast area yet. It is not part of the first load: the first
 * toast asks for it (lib/toast.ts) and components/ui/deferred-toaster.tsx then loads it.
 */
let isRequested = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (isRequested) return;
  isRequested = true;
  for (const listener of listeners) listener();
}

export const isToasterRequested = (): boolean => isRequested;

export function subscribeToToasterRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
