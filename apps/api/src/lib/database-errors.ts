/**
 * Telling database failures apart. Drivers' errors arrive wrapped (Drizzle wraps the driver's,
 * Better Auth wraps Drizzle's), so each check looks at the error and the ones it wraps.
 */
interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

/** The error and those it wraps (`cause`), outermost first, at most six deep. */
function* errorAndCauses(error: unknown): Generator<DatabaseErrorFields> {
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    yield current as DatabaseErrorFields;
    current = (current as { cause?: unknown }).cause;
  }
}

const anyCause = (error: unknown, test: (fields: DatabaseErrorFields) => boolean): boolean => {
  for (const fields of errorAndCauses(error)) if (test(fields)) return true;
  return false;
};

/**
 * SQLSTATE codes for text the database cannot store: 22021 (a NUL byte, or bytes that are not
 * UTF-8) and 22P05 (a character the encoding lacks). The field schemas refuse control
 * characters first; this is the net for a string that reaches SQL some other way, so that it
 * is still the client's 400 and not our 500 (docs/behaviour.md §12.6).
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

export const isUnstorableText = (error: unknown): boolean =>
  anyCause(error, ({ code }) => typeof code === 'string' && UNSTORABLE_TEXT.has(code));

/** The unique constraint or index named was broken (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown, constraint: string): boolean =>
  anyCause(error, ({ code, constraint: name }) => code === '23505' && name === constraint);

/**
 * A foreign key refused a delete: a row still names the one being deleted (SQLSTATE 23001 for
 * ON DELETE RESTRICT, 23503 for NO ACTION).
 */
export const isStillReferenced = (error: unknown): boolean =>
  anyCause(error, ({ code }) => code === '23001' || code === '23503');

/** The role may not do this: PostgreSQL's insufficient_privilege (SQLSTATE 42501). */
export const isPermissionDenied = (error: unknown): boolean =>
  anyCause(error, ({ code }) => code === '42501');

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
 * The database is out of reach: a restart, a failover, a network cut. The caller may try again
 * shortly, so it is a 503, not a 500 (plugins/errors.ts).
 */
export const isDatabaseUnreachable = (error: unknown): boolean =>
  anyCause(
    error,
    ({ code, message }) =>
      (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) ||
      (typeof message === 'string' && UNREACHABLE_MESSAGES.some((words) => message.includes(words))),
  );
