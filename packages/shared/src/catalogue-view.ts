import type { ToolListQuery } from './contracts/tools';

/**
 * What the products page shows, as its URL's search parameters say (docs/behaviour.md §3.3):
 * the same names and text as `GET /tool`'s query, so a link reproduces the view. The browser and
 * the server (which renders the first page) read a URL the same way with this one function.
 * No zod here: the products page's chunk imports it.
 */
export const catalogueViewKeys = ['q', 'category', 'inStock', 'minPrice', 'maxPrice', 'sort'] as const;
export type CatalogueViewKey = (typeof catalogueViewKeys)[number];
export type CatalogueView = Partial<Record<CatalogueViewKey, string>>;

/** Tools on one page of the products page; 'Load more' adds as many again. */
export const CATALOGUE_PAGE_SIZE = 24;

/** The view a URL asks for: its known parameters that carry a value, others left out. */
export function catalogueViewOf(search: URLSearchParams): CatalogueView {
  const view: CatalogueView = {};
  for (const key of catalogueViewKeys) {
    const value = search.get(key)?.trim();
    // The toggle's off state is no parameter at all, like an empty field.
    if (value && !(key === 'inStock' && value === 'false')) view[key] = value;
  }
  return view;
}

/** `GET /tool`'s query for the first page of a view (then a cursor for each next one). */
export const catalogueQueryOf = (view: CatalogueView, cursor?: string) =>
  ({
    ...view,
    limit: String(CATALOGUE_PAGE_SIZE),
    ...(cursor === undefined ? {} : { cursor }),
  }) satisfies Partial<Record<keyof ToolListQuery, string>>;
