import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toolCategories, toolCategoryLabels } from '@shop/shared/categories';
import { catalogueViewOf, type CatalogueView } from '@shop/shared/catalogue-view';
import { paths } from '@/config/paths';
import { isFiltered, searchOfView, sortChoices } from '../lib/catalogue-search';

interface CatalogueFiltersProps {
  /** The view the URL shows now. */
  view: CatalogueView;
  /** Shows another view: a new history entry, so Back returns to this one. */
  onChange: (search: URLSearchParams) => void;
}

const field = 'input input-sm border-base-content/50 w-full';
const select = 'select select-sm border-base-content/50 w-full';

/**
 * Search box, category, in-stock toggle, price range and sort (docs/behaviour.md §3.3). Typed
 * text applies on Search (or Enter); a select or the toggle applies at once, with what is typed.
 * The controls follow the URL: Back and a link show their values.
 */
export function CatalogueFilters({ view, onChange }: CatalogueFiltersProps) {
  const [draft, setDraft] = useState(view);
  // A new URL (Back, a link, a change applied) resets the controls to it.
  const viewKey = searchOfView(view).toString();
  const [shownKey, setShownKey] = useState(viewKey);
  if (shownKey !== viewKey) {
    setShownKey(viewKey);
    setDraft(view);
  }

  const set = (key: keyof CatalogueView, value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  // What is applied is read from the form, not from the draft: text typed before the page
  // hydrated is in the form only (and without JavaScript the form itself goes to the server).
  const apply = (form: HTMLFormElement) => {
    const next = viewOfForm(form);
    setDraft(next);
    onChange(searchOfView(next));
  };
  const applyNow = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    if (event.currentTarget.form) apply(event.currentTarget.form);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };

  return (
    <form
      role="search"
      aria-label="Search and filter tools"
      method="get"
      action={paths.products}
      onSubmit={onSubmit}
      className="bg-base-200 mb-8 grid gap-4 rounded-box p-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
    >
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor="catalogue-q" className="text-sm font-medium">
          Search tools
        </label>
        <input
          id="catalogue-q"
          name="q"
          type="search"
          className={field}
          value={draft.q ?? ''}
          maxLength={100}
          placeholder="brush, roller, or a SKU: BR-25…"
          onChange={(event) => set('q', event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="catalogue-category" className="text-sm font-medium">
          Category
        </label>
        <select
          id="catalogue-category"
          name="category"
          className={select}
          value={draft.category ?? ''}
          onChange={applyNow}
        >
          <option value="">All categories</option>
          {toolCategories.map((category) => (
            <option key={category} value={category}>
              {toolCategoryLabels[category]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="catalogue-min-price" className="text-sm font-medium">
          Min price ($)
        </label>
        <input
          id="catalogue-min-price"
          name="minPrice"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          className={field}
          value={draft.minPrice ?? ''}
          onChange={(event) => set('minPrice', event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="catalogue-max-price" className="text-sm font-medium">
          Max price ($)
        </label>
        <input
          id="catalogue-max-price"
          name="maxPrice"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          className={field}
          value={draft.maxPrice ?? ''}
          onChange={(event) => set('maxPrice', event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="catalogue-sort" className="text-sm font-medium">
          Sort by
        </label>
        <select
          id="catalogue-sort"
          name="sort"
          className={select}
          value={draft.sort ?? 'oldest'}
          onChange={applyNow}
        >
          {sortChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <label className="flex cursor-pointer items-center gap-2 sm:col-span-2 lg:col-span-2">
        <input
          type="checkbox"
          name="inStock"
          value="true"
          className="toggle toggle-primary border-base-content/50"
          checked={draft.inStock === 'true'}
          onChange={applyNow}
        />
        <span className="text-sm font-medium">In stock only</span>
      </label>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4 lg:justify-end">
        {isFiltered(view) && (
          <Link to={paths.products} className="link text-sm">
            Clear filters
          </Link>
        )}
        <button type="submit" className="btn btn-primary btn-sm">
          Search
        </button>
      </div>
    </form>
  );
}

/** The view the form's fields hold now (an unchecked toggle sends nothing, as a form does). */
function viewOfForm(form: HTMLFormElement): CatalogueView {
  const fields = [...new FormData(form)].map(([key, value]) => [key, String(value)]);
  return catalogueViewOf(new URLSearchParams(fields));
}
