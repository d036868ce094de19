import { createHmac, timingSafeEqual } from 'node:crypto';

/** Better Auth's TOTP: six digits, 30-second steps, HMAC-SHA1 over the secret's UTF-8 bytes. */
const PERIOD_MS = 30_000;
const DIGITS = 6;
/** Better Auth accepts the code of the step before and after the current one too. */
const WINDOW = 1;

/** RFC 4226's HOTP value of one counter. */
function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** DIGITS).padStart(DIGITS, '0');
}

/**
 * The time step a code belongs to among those Better Auth would accept now, or null when it
 * fits none (then Better Auth refuses it and counts the failure itself). The latest step wins
 * if two ever give the same code.
 */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const current = Math.floor(now / PERIOD_MS);
  const given = Buffer.from(code);
  let matched: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step += 1) {
    const expected = Buffer.from(hotp(secret, step));
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = step;
  }
  return matched;
}
