import { defineConfig } from 'vitest/config';

/**
 * `npm test`: the API's, the web app's and the shared package's suites, then the end-to-end
 * suite in a real browser (each project has its own config; see the "test" script).
 */
export default defineConfig({
  test: {
    projects: ['apps/api', 'apps/web', 'packages/shared', 'e2e'],
  },
});
