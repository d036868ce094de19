import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Test files share a worker's loaded modules (the app's, Fastify's, Drizzle's): importing
    // them again for each file cost about a third of the suite. Nothing of a file's outlives it:
    // every shop, database and server is its own and closed in afterAll, and no test mocks a module.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
