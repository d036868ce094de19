import { catalogueViewKeys, type CatalogueView } from '@shop/shared/catalogue-view';
import type { ToolSort } from '@shop/shared/contracts/tools';

/** The sort select's choices; the first is the list's own order, the default. */
export const sortChoices: readonly { value: ToolSort; label: string }[] = [
  { value: 'oldest', label: 'Oldest first' },
  { value: 'newest', label: 'Newest first' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'name', label: 'Name: A to Z' },
];

/**
 * A view as the URL's search parameters, in one fixed order, with nothing for what is unset
 * (the default sort included): the same view always makes the same link.
 */
export function searchOfView(view: CatalogueView): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of catalogueViewKeys) {
    const value = view[key]?.trim();
    if (!value) continue;
    if (key === 'sort' && value === 'oldest') continue;
    if (key === 'inStock' && value !== 'true') continue;
    search.set(key, value);
  }
  return search;
}

/** Whether the view narrows the list at all (the sort does not). */
export const isFiltered = (view: CatalogueView): boolean =>
  Boolean(view.q || view.category || view.inStock || view.minPrice || view.maxPrice);
