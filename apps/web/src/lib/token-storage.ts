import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';

/** The bearer token lives in localStorage under `accessToken` (docs/behaviour.md §4.7). */
export const tokenStorage = {
  get(): string | null {
    try {
      return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  },
  clear(): void {
    try {
      localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    } catch {
      // Storage unavailable (private mode): nothing to clear.
    }
  },
};
