/**
 * SQLSTATE codes for text the database cannot store: 22021 (a NUL byte, or bytes that are not
 * UTF-8) and 22P05 (a character the encoding lacks). The field schemas refuse control
 * characters first; this is the net for a string that reaches SQL some other way, so that it
 * is still the client's 400 and not our 500 (docs/behaviour.md §10.6).
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** Whether the error, or one it wraps (Drizzle wraps the driver's), is unstorable text. */
export function isUnstorableText(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNSTORABLE_TEXT.has(code)) return true;
    current = cause;
  }
  return false;
}

/** Whether the error (or one it wraps) broke the unique constraint or index named (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const {
      code,
      constraint: name,
      cause,
    } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505' && name === constraint) return true;
    current = cause;
  }
  return false;
}

/** Socket errors and SQLSTATEs (class 08, and 57P01-57P03) of a database that cannot be reached. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);
/** node-postgres says these in words only. */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'connection error',
];

/**
 * Whether the error, or one it wraps (Drizzle wraps the driver's, Better Auth wraps Drizzle's),
 * says the database is out of reach: a restart, a failover, a network cut. The caller may try
 * again shortly, so it is a 503, not a 500 (plugins/errors.ts).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((words) => message.includes(words)))
      return true;
    current = cause;
  }
  return false;
}
