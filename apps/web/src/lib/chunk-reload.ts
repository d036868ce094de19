/**
 * A tab opened before a deploy asks for page chunks the new deploy no longer has. Reloading
 * fetches the new index and its chunks; once is enough, so a chunk that is truly gone (or a
 * server that keeps failing) shows the page's error message instead of reloading forever.
 */
const RELOADED_AT = 'brushworks:chunk-reload-at';

/** A reload within this long of the last one is a loop, not a new deploy. */
const RELOAD_GUARD_MS = 60_000;

/** The ways browsers and bundlers say a dynamically imported chunk could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/** Reloads the page unless it was reloaded for this reason a moment ago; says whether it did. */
export function reloadOnceForMissingChunk(): boolean {
  const now = Date.now();
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT));
    if (last && now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(now));
  } catch {
    // No session storage (private mode, blocked): a reload could not be guarded, so none.
    return false;
  }
  window.location.reload();
  return true;
}

/** Vite announces a failed preload before the import itself fails: reload then, once. */
export function reloadOnPreloadError(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForMissingChunk()) event.preventDefault();
  });
}
