// `npm run bench:gateway`: what Atelier adds to a call of the service. The same board request (one
// model, one 1024² image, a fixed seed, URL answer) is sent straight to the reference service and
// through Atelier, on PostgreSQL: paired one after the other (the order alternating), 200 times
// through /api/v1 with a team key and 100 times through the studio's /api/compare, then 50 at once
// each way. Printed: the service's own time and Atelier's added time (through − straight, per pair),
// p50 / p90 / p99, and the ratio of the added p50 to the service's p50; and the noise floor, the
// service paired with itself, which no added figure can get below on this machine.
// Needs a build in $NEXT_DIST_DIR (default .next) and PostgreSQL at 127.0.0.1:5432.
import { readFile } from 'node:fs/promises';
import { startService } from '@atelier/reference-service/testing';
import { startAtelier } from '../../test/support/atelier';
import { signUp } from '../../test/security/support/session';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const STUDIO = Number(process.env.BENCH_STUDIO ?? 100);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 50);

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const load = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

// The service is its own process with its engines niced, as if it rendered on its own machines.
const svc = await startService({ SERVICE_ENGINE_THREADS: '1', SERVICE_NICE: '5' });
const atelier = await startAtelier({ database: 'postgres', env: { UPSTREAM_BASE_URL: svc.url } }).catch(async (error: unknown) => {
  await svc.dispose();
  throw error;
});
try {
  const owner = await signUp(atelier, 'Bench Gateway');
  await owner.act('saveUserKey', { key: svc.key }, '/settings');
  const { rows } = await atelier.sql!.query(`SELECT id FROM "User" WHERE email = $1`, [owner.email]);
  const { token } = await owner.act<{ token: string }>('makeApiKey', { name: 'bench', models: [], userId: rows[0].id }, '/settings/api-keys');

  let seed = 0;
  const body = () => JSON.stringify({ model: 'atelier-pixel', prompt: 'a lighthouse at dusk', size: '1024x1024', n: 1, seed: ++seed });
  const timed = async (send: () => Promise<Response>, ok: number) => {
    const started = performance.now();
    const response = await send();
    await response.arrayBuffer();
    if (response.status !== ok) throw new Error(`answered ${response.status}`);
    return performance.now() - started;
  };
  const straight = () =>
    timed(
      () =>
        fetch(`${svc.url}/v1/images/generations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${svc.key}`, 'content-type': 'application/json' },
          body: body(),
        }),
      200,
    );
  const api = () =>
    timed(
      () =>
        fetch(`${atelier.origin}/api/v1/images/generations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body(),
        }),
      200,
    );
  const studioBody = () =>
    JSON.stringify({ prompt: 'a lighthouse at dusk', models: ['atelier-pixel'], size: '1024x1024', n: 1, background: 'opaque', seed: ++seed });
  const studio = () => timed(() => owner.fetch('/api/compare', { method: 'POST', headers: { 'content-type': 'application/json' }, body: studioBody() }), 201);

  /** `count` pairs, the order alternating; the added time of each pair. */
  const paired = async (through: () => Promise<number>, count: number) => {
    const service: number[] = [];
    const added: number[] = [];
    for (let i = 0; i < count; i++) {
      const [a, b] = i % 2 === 0 ? [await straight(), await through()] : [await through(), await straight()].reverse();
      service.push(a);
      added.push(b - a);
    }
    return { service, added };
  };
  const at = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)}  p90 ${percentile(xs, 90).toFixed(1)}  p99 ${percentile(xs, 99).toFixed(1)}`;

  for (let i = 0; i < 5; i++) await paired(api, 2).then(() => paired(studio, 1)); // warm: compile, caches, plans
  const before = await load();
  const viaApi = await paired(api, SEQUENTIAL);
  const viaStudio = await paired(studio, STUDIO);
  // The noise floor: the same pairing with the service on both sides. Its spread is what the
  // service's own jitter puts into any "added" figure (at p99 above all).
  const floor = await paired(straight, SEQUENTIAL);
  const burstStraight = await Promise.all(Array.from({ length: CONCURRENT }, straight));
  const burstApi = await Promise.all(Array.from({ length: CONCURRENT }, api));
  console.log(`\nload average before: ${before}; after: ${await load()}`);
  console.log(`gateway on PostgreSQL (ms); ratio = Atelier's added p50 ÷ the service's p50 in the same run`);
  console.log(`  service, straight (${SEQUENTIAL} sequential)       ${at(viaApi.service)}`);
  console.log(`  noise floor, straight − straight (${SEQUENTIAL} pairs) ${at(floor.added)}`);
  console.log(
    `  added by /api/v1 (${SEQUENTIAL} pairs)              ${at(viaApi.added)}   ratio ${(percentile(viaApi.added, 50) / percentile(viaApi.service, 50)).toFixed(2)}`,
  );
  console.log(
    `  added by the studio's /api/compare (${STUDIO} pairs) ${at(viaStudio.added)}   ratio ${(percentile(viaStudio.added, 50) / percentile(viaStudio.service, 50)).toFixed(2)}`,
  );
  console.log(`  ${CONCURRENT} at once, straight                      ${at(burstStraight)}`);
  console.log(
    `  ${CONCURRENT} at once, through /api/v1                ${at(burstApi)}   p99 added ${(percentile(burstApi, 99) - percentile(burstStraight, 99)).toFixed(1)}`,
  );
} finally {
  await atelier.stop();
  await svc.dispose();
}
