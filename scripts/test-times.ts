// `npm run test:times`: where the last `npm test` spent its time, read from what it left in
// .test-times/ (scripts/test.sh): the phases, Playwright by project, the slowest files and tests of
// both runners, and the servers and databases the run started.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const dir = process.env.TEST_TIMES_DIR ?? path.resolve(import.meta.dirname, '..', '.test-times');
const SLOWEST = 20;

const vitestReport = z.object({
  testResults: z.array(
    z.object({
      name: z.string(),
      startTime: z.number(),
      endTime: z.number(),
      assertionResults: z.array(z.object({ fullName: z.string(), duration: z.number().nullish(), status: z.string() })),
    }),
  ),
});

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ title: string; file: string; tests: Array<{ projectName: string; results: Array<{ duration: number; status: string }> }> }>;
}
const playwrightSuite: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    file: z.string().optional(),
    suites: z.array(playwrightSuite).optional(),
    specs: z
      .array(
        z.object({
          title: z.string(),
          file: z.string(),
          tests: z.array(z.object({ projectName: z.string(), results: z.array(z.object({ duration: z.number(), status: z.string() })) })),
        }),
      )
      .optional(),
  }),
);
const playwrightReport = z.object({ suites: z.array(playwrightSuite), stats: z.object({ duration: z.number() }) });

type Timed = { name: string; ms: number };

const read = (file: string) => (existsSync(path.join(dir, file)) ? readFileSync(path.join(dir, file), 'utf8') : null);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
const rows = (file: string) =>
  (read(file) ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));

function sum(items: Timed[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const { name, ms } of items) totals.set(name, (totals.get(name) ?? 0) + ms);
  return totals;
}

function printSlowest(title: string, items: Timed[]) {
  console.log(`\n${title}`);
  for (const { name, ms } of [...items].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) console.log(`${seconds(ms)}  ${name}`);
}

function phases() {
  console.log('Phases (wall clock; load average at the end of each)');
  for (const [name, s, status, load] of [...rows('install.tsv'), ...rows('phases.tsv')]) {
    console.log(`${seconds(Number(s) * 1000)}  ${name.padEnd(10)} ${status === '0' ? 'ok' : `exit ${status}`}  load ${load}`);
  }
}

function vitest() {
  const text = read('vitest.json');
  if (!text) return console.log('\nvitest: no report (.test-times/vitest.json)');
  const report = vitestReport.parse(JSON.parse(text));
  const files = report.testResults.map((f) => ({ name: path.relative(process.cwd(), f.name), ms: f.endTime - f.startTime }));
  const tests = report.testResults.flatMap((f) =>
    f.assertionResults.map((t) => ({ name: `${path.relative(process.cwd(), f.name)} › ${t.fullName}`, ms: t.duration ?? 0 })),
  );
  console.log(`\nvitest: ${files.length} files, ${tests.length} tests, ${seconds(files.reduce((a, f) => a + f.ms, 0))} of file time in all`);
  printSlowest(`vitest: the ${SLOWEST} slowest files`, files);
  printSlowest(`vitest: the ${SLOWEST} slowest tests`, tests);
}

function playwright() {
  const text = read('playwright.json');
  if (!text) return console.log('\nPlaywright: no report (.test-times/playwright.json)');
  const report = playwrightReport.parse(JSON.parse(text));
  const tests: Array<Timed & { file: string; project: string }> = [];
  const walk = (suite: PlaywrightSuite) => {
    suite.suites?.forEach(walk);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((a, r) => a + r.duration, 0);
        tests.push({ name: `${spec.file} › ${spec.title} [${test.projectName}]`, file: spec.file, project: test.projectName, ms });
      }
    }
  };
  report.suites.forEach(walk);
  console.log(`\nPlaywright: ${tests.length} tests in ${seconds(report.stats.duration)} of wall clock; test time by project:`);
  for (const [project, ms] of sum(tests.map((t) => ({ name: t.project, ms: t.ms })))) console.log(`${seconds(ms)}  ${project}`);
  printSlowest(
    `Playwright: the ${SLOWEST} slowest files`,
    [...sum(tests.map((t) => ({ name: t.file, ms: t.ms })))].map(([name, ms]) => ({ name, ms })),
  );
  printSlowest(`Playwright: the ${SLOWEST} slowest tests`, tests);
}

function starts() {
  const lines = rows('starts.tsv');
  console.log(`\nStarted by the tests: ${lines.length} in all`);
  const byKind = new Map<string, { count: number; ms: number }>();
  for (const [kind, ms] of lines) {
    const entry = byKind.get(kind) ?? { count: 0, ms: 0 };
    byKind.set(kind, { count: entry.count + 1, ms: entry.ms + Number(ms) });
  }
  for (const [kind, { count, ms }] of [...byKind].sort()) console.log(`${String(count).padStart(5)} × ${kind.padEnd(28)} ${seconds(ms / count)} each`);
  const byFile = sum(lines.map(([, ms, file]) => ({ name: file, ms: Number(ms) })));
  const counts = new Map<string, number>();
  for (const [, , file] of lines) counts.set(file, (counts.get(file) ?? 0) + 1);
  console.log('\nStarts by file (count, time spent waiting for them)');
  for (const [file, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST))
    console.log(`${String(counts.get(file)).padStart(5)}  ${seconds(ms)}  ${file}`);
}

phases();
vitest();
playwright();
starts();
