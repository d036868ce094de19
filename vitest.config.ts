import { defineConfig } from 'vitest/config';

/** `npm test`: the API's and the web app's suites (each project has its own config). */
export default defineConfig({
  test: {
    projects: ['apps/api', 'apps/web', 'packages/shared'],
  },
});
