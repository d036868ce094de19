import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIST_LIMIT_DEFAULT } from '@shop/shared/contracts/list-query';
import { invalidInput } from './errors';
import { isUuid } from './ids';

/**
 * Keyset paging (docs/behaviour.md §9.4, decision 0023). A list is ordered by one key and the
 * row id, both in the same direction; a cursor holds the last row's key and id, and the next page
 * is the rows after that pair. No OFFSET: a page costs the same deep in the list, and rows added
 * meanwhile never shift what follows the cursor.
 */
export interface KeysetOrder {
  /** Names the order inside the cursor, so a cursor of another order or list is refused. */
  name: string;
  /** The key's SQL expression (indexed where it matters). */
  key: SQL;
  /** The key read back as text, exactly: the cursor stores it. */
  keyText: SQL<string>;
  /** The stored text back into a value comparable with `key`. */
  fromText: (text: string) => SQL;
  /** Whether `fromText` accepts the stored text (a tampered cursor is a 400, never a 500). */
  isValidText: (text: string) => boolean;
  id: SQL | AnyColumn;
  /** uuid ids are checked before they reach SQL (a malformed one would fail the query). */
  idKind: 'uuid' | 'text';
  direction: 'asc' | 'desc';
}

/**
 * Microseconds since 1970 of the first and last instants of years 1 to 9999: every time the shop
 * stores lies between, and a forged cursor outside them would overflow PostgreSQL's timestamp.
 */
const MICROSECONDS_RANGE = [-62_135_596_800_000_000n, 253_402_300_799_999_999n] as const;
const isMicrosecondsInRange = (text: string) => {
  if (!/^-?\d{1,18}$/.test(text)) return false;
  const value = BigInt(text);
  return value >= MICROSECONDS_RANGE[0] && value <= MICROSECONDS_RANGE[1];
};

/** A timestamp as whole microseconds since 1970: exact (a JS Date keeps milliseconds only). */
export function timestampKey(
  name: string,
  column: AnyColumn,
  id: AnyColumn,
  idKind: KeysetOrder['idKind'],
  direction: 'asc' | 'desc',
): KeysetOrder {
  return {
    name,
    key: sql`${column}`,
    keyText: sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`,
    fromText: (text) => sql`(timestamptz 'epoch' + ${text}::bigint * interval '1 microsecond')`,
    isValidText: isMicrosecondsInRange,
    id,
    idKind,
    direction,
  };
}

const BAD_CURSOR = 'cursor is not one this list gave out';

function encodeCursor(order: KeysetOrder, keyText: string, id: string): string {
  return Buffer.from(JSON.stringify([order.name, keyText, id])).toString('base64url');
}

/** The (key, id) a cursor names, or a 400 when it is not one this order gave out. */
function decodeCursor(order: KeysetOrder, cursor: string): { keyText: string; id: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidInput(BAD_CURSOR);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== order.name ||
    typeof parsed[1] !== 'string' ||
    typeof parsed[2] !== 'string' ||
    !order.isValidText(parsed[1]) ||
    parsed[2].length > 100 ||
    `${parsed[1]}${parsed[2]}`.includes('\u0000') ||
    (order.idKind === 'uuid' && !isUuid(parsed[2]))
  ) {
    throw invalidInput(BAD_CURSOR);
  }
  return { keyText: parsed[1], id: parsed[2] };
}

/** `ORDER BY key, id` in the order's direction. */
export function orderByKeyset(order: KeysetOrder): SQL[] {
  return order.direction === 'asc'
    ? [sql`${order.key} asc`, sql`${order.id} asc`]
    : [sql`${order.key} desc`, sql`${order.id} desc`];
}

/** The condition "after the cursor", or undefined without one. */
export function afterCursor(order: KeysetOrder, cursor: string | undefined): SQL | undefined {
  if (cursor === undefined) return undefined;
  const { keyText, id } = decodeCursor(order, cursor);
  const after = sql`(${order.key}, ${order.id}) ${sql.raw(order.direction === 'asc' ? '>' : '<')} (${order.fromText(keyText)}, ${id})`;
  return after;
}

/**
 * Rows of one page: the caller fetched `limit + 1` rows; the extra one only says that more
 * follow, and the cursor names the last row kept.
 */
export function pageOf<Row extends { keyText: string; id: string }>(
  order: KeysetOrder,
  rows: Row[],
  limit: number,
): { rows: Row[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1]!;
  return { rows: kept, nextCursor: encodeCursor(order, last.keyText, last.id) };
}

export const pageLimit = (limit: number | undefined) => limit ?? LIST_LIMIT_DEFAULT;

/**
 * Sends the next page's address as `Link: <…>; rel="next"` (RFC 8288): the request's own path
 * and query with the new cursor. No header on the last page.
 */
export function linkNextPage(request: FastifyRequest, reply: FastifyReply, nextCursor: string | null): void {
  if (nextCursor === null) return;
  const url = new URL(request.url, 'http://shop.invalid');
  url.searchParams.set('cursor', nextCursor);
  reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
}

/** Whether a request asked for a page (any query parameter) rather than the whole list. */
export const asksForPage = (query: object | undefined): boolean =>
  query !== undefined && Object.keys(query).length > 0;

/** A `LIKE` pattern matching `text` anywhere, with `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
