import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

/** The search an admin list shows, from its URL's `q` (so a link or Back reproduces it). */
export function useListSearch(): string {
  const [searchParams] = useSearchParams();
  return searchParams.get('q')?.trim() ?? '';
}

/**
 * A search box for an admin list (docs/behaviour.md §9.4): applies on Enter or Search, kept in
 * the URL's `q`, each search a new history entry.
 */
export function ListSearch({ id, label }: { id: string; label: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const current = searchParams.get('q') ?? '';
  const [draft, setDraft] = useState(current);
  // Back or a link changes the URL: the box follows.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setDraft(current);
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = draft.trim();
    // The list's other parameters (a filter: an order state, an audit kind) stay; a new search
    // starts at its first page.
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (q) next.set('q', q);
      else next.delete('q');
      next.delete('cursor');
      return next;
    });
  };
  return (
    <form role="search" onSubmit={onSubmit} className="mb-4 flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <input
          id={id}
          type="search"
          maxLength={100}
          className="input input-sm border-base-content/50 w-64 max-w-full"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-sm btn-primary">
        Search
      </button>
    </form>
  );
}
