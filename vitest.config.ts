import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `npm test`: the API's, the web app's and the shared package's suites, then the end-to-end
 * suite in a real browser (each project has its own config; see the "test" script).
 */
export default defineConfig({
  test: {
    projects: ['apps/api', 'apps/web', 'packages/shared', 'e2e'],
    // One worker per core. Vitest's default leaves one core to its own process, which here is
    // mostly idle while the tests wait on their databases and servers: on 2 cores that halved the
    // suite (one worker: 647 s in CI; two: 310 s on the same machine kind).
    maxWorkers: availableParallelism(),
  },
});
