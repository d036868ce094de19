import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';

/**
 * The bearer token lives under `accessToken`: in localStorage, or, when 'Remember me' was
 * unchecked, in sessionStorage, which the browser forgets when it closes (docs/behaviour.md §4.5,
 * §4.6). Only one of the two holds it at a time.
 */
const stores = (): Storage[] => [localStorage, sessionStorage];

export const tokenStorage = {
  get(): string | null {
    try {
      return (
        localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY) ?? sessionStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)
      );
    } catch {
      return null;
    }
  },
  set(token: string, { remember = true }: { remember?: boolean } = {}): void {
    this.clear();
    (remember ? localStorage : sessionStorage).setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  },
  /** A new token for the same session choice (the server replaced the session), kept where the old one was. */
  replace(token: string): void {
    const remember = sessionStorage.getItem(ACCESS_TOKEN_STORAGE_KEY) === null;
    this.set(token, { remember });
  },
  clear(): void {
    try {
      for (const store of stores()) store.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    } catch {
      // Storage unavailable (private mode): nothing to clear.
    }
  },
};
