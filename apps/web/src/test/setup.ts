import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';

// CI machines are small and shared: give findBy/waitFor room before calling a screen broken.
configure({ asyncUtilTimeout: 8000 });

// jsdom has no matchMedia; react-hot-toast asks it whether to reduce motion when a toast shows.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}

// A console.error during a test is a bug (React warnings, failed props): fail the test.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  // Toasts live in a module-wide store: without this, one test's toast shows in the next.
  toast.remove();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});
