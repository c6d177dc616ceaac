// `npm run bench:webhooks`: 500 concurrent webhook deliveries against a running Atelier (PostgreSQL,
// embedded reference service), their latency against the same server's /api/health under the same
// load, and the count of lost or doubled updates once everything has settled.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createAccount } from '../../lib/accounts/create-account';
import { resolveTeamContext } from '../../lib/auth/context';
import { loadAppConfig } from '../../lib/config';
import { closeRuntime, db, runtime } from '../../lib/runtime';
import { createVideo } from '../../lib/videos/create-video';

const PORT = 3195;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const TASKS = 10;
const DELIVERIES = 500;

const admin = 'postgresql://postgres@127.0.0.1:5432/postgres';
const dbName = `atelier_bench_${randomBytes(4).toString('hex')}`;
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`CREATE DATABASE ${dbName}`);
const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${dbName}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-bench-'));
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', ATELIER_PUBLIC_URL: ORIGIN, ATELIER_DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], { env, stdio: 'ignore' });

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
async function storm(count: number, request: (i: number) => Promise<Response>) {
  const latencies: number[] = [];
  const statuses: number[] = [];
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const start = performance.now();
      const response = await request(i);
      await response.arrayBuffer();
      latencies.push(performance.now() - start);
      statuses.push(response.status);
    }),
  );
  return { latencies, statuses };
}

try {
  for (let i = 0; ; i++) {
    if (i > 180) throw new Error('Atelier did not start');
    if (await fetch(`${ORIGIN}/api/health`).then((r) => r.ok).catch(() => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await runtime(loadAppConfig(env));
  const { userId } = await createAccount({ name: 'Bench', email: 'bench@example.com', password: 'bench-password' });
  const ctx = await resolveTeamContext(userId);
  const prisma = await db();
  const tasks: Array<{ id: string; token: string }> = [];
  for (let i = 0; i < TASKS; i++) {
    const { videoTaskId } = await createVideo(ctx, { model: 'atelier-motion', prompt: `bench scene ${i}`, duration: 3, resolution: '480p', audio: false, aspectRatio: '16:9' });
    const token = randomBytes(24).toString('base64url');
    await prisma.videoTask.update({ where: { id: videoTaskId }, data: { webhookTokenHash: createHash('sha256').update(token).digest('hex') } });
    tasks.push({ id: videoTaskId, token });
  }

  const body = JSON.stringify({ type: 'video_generation.completed', data: { status: 'completed', progress: 100 } });
  // Warm both routes, then measure the baseline and the deliveries under the same concurrency.
  await storm(20, () => fetch(`${ORIGIN}/api/health`));
  const baseline = await storm(DELIVERIES, () => fetch(`${ORIGIN}/api/health`));
  const deliveries = await storm(DELIVERIES, (i) => {
    const task = tasks[i % TASKS];
    return fetch(`${ORIGIN}/api/webhooks/video/${task.id}/${task.token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  });

  // Let every task finish (polling and the real webhooks carry them), then count what happened.
  for (let i = 0; i < 240; i++) {
    const open = await prisma.generation.count({ where: { kind: 'video', status: 'running' } });
    if (open === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  // Deliveries are answered at once and handled by sync jobs: give the queue time to drain.
  for (let i = 0; i < 60; i++) {
    if ((await prisma.videoTask.count({ where: { lastHeardAt: null } })) === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const generations = await prisma.generation.findMany({ where: { kind: 'video' }, include: { outputs: true, ledger: true, videoTask: true } });
  const lost = deliveries.statuses.filter((s) => s < 200 || s >= 300).length + generations.filter((g) => !g.videoTask?.lastHeardAt || g.status !== 'completed').length;
  const doubled = generations.filter((g) => g.outputs.length > 1 || g.ledger.length > 1).length;

  const p = (xs: number[]) => ({ p50: percentile(xs, 50), p99: percentile(xs, 99) });
  const d = p(deliveries.latencies);
  const b = p(baseline.latencies);
  console.log(`${DELIVERIES} concurrent deliveries to ${TASKS} tasks (PostgreSQL, embedded service)`);
  console.log(`  webhook route  p50 ${d.p50.toFixed(0)} ms   p99 ${d.p99.toFixed(0)} ms`);
  console.log(`  /api/health    p50 ${b.p50.toFixed(0)} ms   p99 ${b.p99.toFixed(0)} ms   (baseline)`);
  console.log(`  ratio          p50 ${(d.p50 / b.p50).toFixed(2)}x   p99 ${(d.p99 / b.p99).toFixed(2)}x`);
  console.log(`  lost updates ${lost}, doubled updates ${doubled}, tasks completed ${generations.filter((g) => g.status === 'completed').length}/${TASKS}`);
} finally {
  server.kill('SIGTERM');
  await closeRuntime();
  await new Promise((r) => setTimeout(r, 1000));
  await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await client.end();
  process.exit(0);
}
