import { appendFileSync } from 'node:fs';
import path from 'node:path';

// What a test run started (a service, an Atelier, a database) and how long each took to be ready,
// one line each in $TEST_TIMES_DIR/starts.tsv, for `npm run test:times`. Nothing is written
// outside `npm test` (no TEST_TIMES_DIR).

/** The test or spec file that asked for the start: vitest's current file, else the first such file on the stack. */
function askedBy(): string {
  const vitestFile = (globalThis as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__?.filepath;
  const frame = vitestFile ?? /(?:file:\/\/)?(\/[^\s:()]+\.(?:test|spec|setup)\.ts)/.exec(new Error().stack ?? '')?.[1];
  return frame ? path.relative(process.cwd(), frame) : '(support)';
}

/** Records one start of `what` (e.g. "service", "atelier:postgres", "database:pglite") that took `ms`. */
export function recordStart(what: string, ms: number): void {
  const dir = process.env.TEST_TIMES_DIR;
  if (!dir) return;
  // One short write in append mode: whole lines, however many processes write at once.
  appendFileSync(path.join(dir, 'starts.tsv'), `${what}\t${Math.round(ms)}\t${askedBy()}\n`);
}
