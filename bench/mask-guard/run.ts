// `npm run bench:mask-guard`: what the mask guard costs on the largest result the service makes. A
// 4096×4096 photo-like original, a feathered disc mask, and a leaky model's answer (30 % of the
// pixels outside the mask changed). Baseline, in the same run: one sharp decode of that answer plus
// one PNG encode of the decoded pixels, the least any check of a stored result could cost. Measured:
// the guard measuring and restoring (three decodes, measure, composite, PNG encode), and measuring
// alone (the team's setting off). Each five times, alternating; printed as medians and ratios.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { encodeGreyPng } from '../../lib/edits/mask-png';
import { featherMask } from '../../lib/edits/mask-raster';
import { guardEdit } from '../../lib/edits/mask-guard';

const SIDE = 4096;
const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

/** A smooth picture under a camera's grain, as PNG (the service answers PNG, decisions.md row 8). */
async function photo(leakOutside: Uint8Array | null): Promise<Buffer> {
  const rgb = Buffer.alloc(SIDE * SIDE * 3);
  let state = 7;
  let leakState = 11;
  const next = () => (state = (state * 1103515245 + 12345) >>> 0) >>> 24;
  const leaks = () => (leakState = (leakState * 1664525 + 1013904223) >>> 0) / 2 ** 32 < 0.3;
  for (let y = 0, i = 0, p = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++, i += 3, p++) {
      const grain = next() % 16;
      const shift = leakOutside && leakOutside[p] === 0 && leaks() ? 60 : 0;
      rgb[i] = (40 + (180 * x) / SIDE + grain + shift) % 256;
      rgb[i + 1] = 30 + (160 * y) / SIDE + grain;
      rgb[i + 2] = 90 + 60 * Math.sin((x + y) / 40) + grain;
    }
  }
  return sharp(rgb, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png()
    .toBuffer();
}

let weights: Uint8Array = new Uint8Array(SIDE * SIDE);
for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) weights[y * SIDE + x] = Math.hypot(x - SIDE / 2, y - SIDE / 2) < SIDE / 4 ? 255 : 0;
weights = featherMask(weights, SIDE, SIDE, 6);
const mask = Buffer.from(await encodeGreyPng(SIDE, SIDE, weights)); // the studio's own grey PNG
const original = await photo(null);
const answer = await photo(weights);

const timed = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};
const baseline = () =>
  sharp(answer)
    .raw()
    .toBuffer({ resolveWithObject: true })
    .then(({ data, info }) => sharp(data, { raw: info }).png().toBuffer());
const restoring = () => guardEdit({ original, mask, answer, restore: true });
const measuring = () => guardEdit({ original, mask, answer, restore: false });

const { record } = await restoring(); // warm, and the figure it finds
console.log(`load average before: ${await load()}; the answer measures ${(record.changedFraction * 100).toFixed(1)} % changed outside the mask`);
const times = { baseline: [] as number[], restoring: [] as number[], measuring: [] as number[] };
for (let i = 0; i < RUNS; i++) {
  times.baseline.push(await timed(baseline));
  times.restoring.push(await timed(restoring));
  times.measuring.push(await timed(measuring));
}
const base = median(times.baseline);
console.log(`decode + PNG encode of a 4096² answer (baseline) ${base.toFixed(0).padStart(6)} ms`);
for (const [label, runs] of [
  ['measure and restore', times.restoring],
  ['measure only (setting off)', times.measuring],
] as const) {
  console.log(`${label.padEnd(47)} ${median(runs).toFixed(0).padStart(6)} ms (×${(median(runs) / base).toFixed(2)})`);
}
console.log(`load average after: ${await load()}`);
