import { z } from 'zod';
import { noControlCharacters } from '../fields';

/**
 * The paging every list shares (docs/behaviour.md §9.4, decision 0023): `limit` items after
 * `cursor`, an opaque string the previous page's `Link: <…>; rel="next"` header carried.
 */
export const LIST_LIMIT_DEFAULT = 24;
export const LIST_LIMIT_MAX = 100;
export const SEARCH_MAX_LENGTH = 100;

export const limitField = z
  .string()
  .regex(/^\d+$/, `limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, `limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`)
      .max(LIST_LIMIT_MAX, `limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`),
  );

export const cursorField = z
  .string()
  .min(1, 'cursor must not be empty')
  .max(2000, 'cursor is not one this list gave out')
  .regex(/^[\w-]+$/, 'cursor is not one this list gave out');

export const searchField = noControlCharacters(
  z.string().trim().max(SEARCH_MAX_LENGTH, `q must be ${SEARCH_MAX_LENGTH} characters or fewer`),
);

/** The description of every paged list route. */
export const PAGING_NOTE =
  'With any query parameter the answer is one page: at most `limit` items (default 24, 1 to 100) ' +
  'and, when more follow, a `Link: <…>; rel="next"` header with the next page\'s address ' +
  '(its `cursor`). Without any it answers the whole list as before.';

/** The list of an admin screen: an optional search, a page size and a cursor. */
export const adminListQuery = z.strictObject({
  q: searchField.optional(),
  limit: limitField.optional(),
  cursor: cursorField.optional(),
});
export type AdminListQuery = z.output<typeof adminListQuery>;

/** The reviews carousel's source: a page size and a cursor. */
export const pageQuery = z.strictObject({
  limit: limitField.optional(),
  cursor: cursorField.optional(),
});
export type PageQuery = z.output<typeof pageQuery>;
