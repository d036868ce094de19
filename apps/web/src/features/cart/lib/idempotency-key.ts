/**
 * A new key for one checkout attempt (POST /checkout's Idempotency-Key): the same key sent again,
 * after a double click or a lost answer, finds the order the first request made instead of
 * making another. randomUUID needs a secure context (https, or localhost); getRandomValues,
 * which a shop served over plain http still has, gives the same 128 random bits.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
