// `npm run bench:dashboard`: seeds 1,000,000 ledger lines in a fresh PostgreSQL database (most of
// them in one busy team, over a year) and times the cost dashboard's queries, as the page runs them,
// against a baseline from the same run: one plain count(*) over the whole ledger.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createAccount } from '../../lib/accounts/create-account';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { loadAppConfig } from '../../lib/config';
import { budgetStatus, refileDailySpend } from '../../lib/ledger/budgets';
import { localToday } from '../../lib/ledger/period';
import { spendReport, type SpendRange } from '../../lib/ledger/spend';
import { closeRuntime, db, runtime } from '../../lib/runtime';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const BUSY_SHARE = 0.8; // of the rows, in the team the dashboard is opened for
const OTHER_TEAMS = 50;
const MEMBERS = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const admin = 'postgresql://postgres@127.0.0.1:5432/postgres';
const dbName = `atelier_bench_${randomBytes(4).toString('hex')}`;
const adminClient = new pg.Client({ connectionString: admin });
await adminClient.connect();
await adminClient.query(`CREATE DATABASE ${dbName}`);
const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${dbName}`;
const env = { ...process.env, ATELIER_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atelier-bench-')), DATABASE_URL: databaseUrl };

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
async function time(run: () => Promise<unknown>) {
  await run(); // warm
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    ms.push(performance.now() - start);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

try {
  await runtime(loadAppConfig(env));
  const { userId, teamId } = await createAccount({ name: 'Owner', email: 'owner@example.com', password: 'bench-password' });
  const ctx: TeamContext = await resolveTeamContext(userId, { teamId, strict: true });
  const prisma = await db();
  const seedStart = performance.now();
  const sql = new pg.Client({ connectionString: databaseUrl });
  sql.on('error', () => {}); // dropped with the database at the end
  await sql.connect();
  // Members of the busy team, other teams with their owners, and the generations the lines point at.
  await sql.query(`
    INSERT INTO "User" (id, email, name, "updatedAt") SELECT gen_random_uuid(), 'm' || i || '@example.com', 'Member ' || i, now() FROM generate_series(1, ${MEMBERS + OTHER_TEAMS}) i;
    INSERT INTO "Membership" (id, "teamId", "userId", role) SELECT gen_random_uuid(), '${teamId}', id, 'member' FROM "User" WHERE email LIKE 'm%@example.com' ORDER BY email LIMIT ${MEMBERS};
    INSERT INTO "Team" (id, name, "updatedAt") SELECT gen_random_uuid(), 'Team ' || i, now() FROM generate_series(1, ${OTHER_TEAMS}) i;
    CREATE TEMP TABLE people AS SELECT row_number() OVER (ORDER BY id) AS n, "userId" AS id FROM "Membership" WHERE "teamId" = '${teamId}';
    CREATE TEMP TABLE others AS SELECT row_number() OVER (ORDER BY t.id) AS n, t.id AS team, u.id AS person
      FROM (SELECT id, row_number() OVER (ORDER BY id) r FROM "Team" WHERE name LIKE 'Team %') t
      JOIN (SELECT id, row_number() OVER (ORDER BY id) r FROM (SELECT id FROM "User" WHERE email LIKE 'm%@example.com' ORDER BY email OFFSET ${MEMBERS}) rest) u ON u.r = t.r;
    CREATE TEMP TABLE gens AS SELECT i AS n, gen_random_uuid() AS id FROM generate_series(1, ${Math.round(ROWS / 4)}) i;
  `);
  await sql.query(`
    INSERT INTO "Generation" (id, "teamId", "userId", kind, status, prompt, params, "createdAt")
    SELECT g.id, '${teamId}', '${userId}', (ARRAY['edit','comparison','video']::"GenerationKind"[])[1 + g.n % 3], 'completed', 'bench prompt ' || g.n, '{}', now() - (g.n % 365) * interval '1 day'
    FROM gens g`);
  const busy = Math.round(ROWS * BUSY_SHARE);
  // Loaded in bulk with triggers off, then rolled up per team in one pass each (what the trigger
  // would have built line by line, minutes faster).
  await sql.query("SET session_replication_role = 'replica'");
  // Busy team: spread over the past year, 8 models, 3 kinds, 21 people; costs 0.01..9.99.
  await sql.query(`
    INSERT INTO "LedgerEntry" (id, "teamId", "userId", "generationId", kind, model, amount, status, "occurredAt")
    SELECT gen_random_uuid(), '${teamId}', p.id, g.id, (ARRAY['edit','comparison','video']::"GenerationKind"[])[1 + i % 3],
           'model-' || (i % 8), ((i::bigint * 7919) % 999 + 1) / 100.0, 'settled', now() - (i::float / ${busy}) * interval '365 days'
    FROM generate_series(1, ${busy}) i
    JOIN people p ON p.n = 1 + i % (SELECT count(*) FROM people)
    JOIN gens g ON g.n = 1 + i % ${Math.round(ROWS / 4)}`);
  await sql.query(`
    INSERT INTO "LedgerEntry" (id, "teamId", "userId", kind, model, amount, status, "occurredAt")
    SELECT gen_random_uuid(), o.team, o.person, 'comparison', 'model-' || (i % 8), 0.08, 'settled', now() - (i::float / ${ROWS - busy}) * interval '365 days'
    FROM generate_series(1, ${ROWS - busy}) i JOIN others o ON o.n = 1 + i % ${OTHER_TEAMS}`);
  // What the app writes at completion: each generation's total, which the costliest-first list reads.
  await sql.query(
    `UPDATE "Generation" g SET "costTotal" = s.total FROM (SELECT "generationId", sum(amount) AS total FROM "LedgerEntry" GROUP BY 1) s WHERE g.id = s."generationId"`,
  );
  await sql.query("SET session_replication_role = 'origin'");
  const teams = await prisma.team.findMany({ select: { id: true } });
  for (const team of teams) await refileDailySpend(prisma, team.id);
  await sql.query('ANALYZE');
  const { rows } = await sql.query('SELECT count(*)::int AS n FROM "LedgerEntry"');
  console.log(
    `seeded ${rows[0].n.toLocaleString('en')} ledger lines (${busy.toLocaleString('en')} in the busy team) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const baseline = await time(() => sql.query('SELECT count(*) FROM "LedgerEntry"'));
  const today = localToday(ctx.team.timeZone);
  const daysBack = (n: number): SpendRange => ({ from: localToday(ctx.team.timeZone, new Date(Date.now() - n * 86_400_000)), to: today });
  const member = await resolveTeamContext((await prisma.membership.findFirstOrThrow({ where: { teamId, role: 'member' } })).userId, { teamId, strict: true });
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['dashboard, this month (default)', () => spendReport(ctx, { from: `${today.slice(0, 8)}01`, to: today })],
    ['dashboard, last 30 days', () => spendReport(ctx, daysBack(29))],
    ['dashboard, last 90 days', () => spendReport(ctx, daysBack(89))],
    ['dashboard, last 365 days', () => spendReport(ctx, daysBack(364))],
    ["dashboard, a member's own, 90 days", () => spendReport(member, daysBack(89))],
    ['budget status (banner, budgets page)', () => budgetStatus(ctx)],
  ];
  console.log(`\nbaseline: count(*) over the whole ledger  p50 ${baseline.p50.toFixed(1)} ms  p95 ${baseline.p95.toFixed(1)} ms  (${RUNS} runs each)\n`);
  console.log('query                                   p50 ms   p95 ms   p95 / baseline p95   target p95 < 200 ms');
  for (const [name, run] of cases) {
    const t = await time(run);
    console.log(
      `${name.padEnd(38)} ${t.p50.toFixed(1).padStart(7)}  ${t.p95.toFixed(1).padStart(7)}   ${(t.p95 / baseline.p95).toFixed(2).padStart(8)}             ${t.p95 < 200 ? 'met' : 'MISSED'}`,
    );
  }
  await sql.end();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await closeRuntime();
  if (process.env.BENCH_KEEP) console.log(`kept the database: ${databaseUrl}`);
  else await adminClient.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await adminClient.end();
}
