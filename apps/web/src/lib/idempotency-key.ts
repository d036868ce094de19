import { useRef } from 'react';

/**
 * A new key for one attempt of a change that must happen once (the Idempotency-Key of POST
 * /checkout, of the quick-order pad's POST /cart/quick-add, of Order again and of adding a saved
 * list to the cart): the same key sent again, after a double click or a lost answer, finds what
 * the first request did instead of doing it twice. Several features use it, so it sits in lib/.
 * randomUUID needs a secure context (https, or localhost); getRandomValues, which a shop served
 * over plain http still has, gives the same 128 random bits.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The key of the attempt under way: a fresh one for each new attempt, the same one while the
 * attempt is retried (its answer was lost, the shop was busy). `reset` ends the attempt: once it
 * was answered, so that the next press is a new one, or when what it would send has changed.
 */
export function useAttemptKey() {
  const key = useRef<string | null>(null);
  return {
    current: () => (key.current ??= newIdempotencyKey()),
    reset: () => {
      key.current = null;
    },
  };
}
