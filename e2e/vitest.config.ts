import { defineConfig } from 'vitest/config';

/**
 * The end-to-end suite: real Chromium against the real server (started once by global-setup.ts).
 * Files run one after another: they share one server, and this 2-core machine runs one browser
 * at a time faster than two.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    // One process for every file, one after another, instead of a new one each: Playwright, axe
    // and the rest are loaded once, not 26 times (about 2 s a file). The helpers' state is meant
    // to be shared: the admin's session, the uploaded picture (helpers/api.ts), the mail read
    // (helpers/mail.ts); every journey still gets a fresh browser context.
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // A journey is one story: a failure is reported at the step where it happened, never retried away.
    retry: 0,
  },
});
