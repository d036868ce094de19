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
