// `npm run bench:photos`: what opening a camera's photo costs the server. Photos are sent to the
// studio's /edit/source (upright, fitted to 4096 px, stored) on a fresh Atelier (PGlite, the embedded
// defaults), three times each, the server's resident memory sampled every 5 ms. Printed per photo:
// the median time and the peak RSS growth over the RSS before the upload, and both as a ratio
// against the baseline, a 12 MP phone JPEG (4032×3024, sent as it is); then three 48 MP photos at
// once (the decode gate lets one decode at a time). A 12 MP HEIC is measured when heif-enc is
// installed (Debian's libheif-examples). Needs a build in $NEXT_DIST_DIR (default .next).
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAtelier } from '../../test/support/atelier';
import { cameraJpeg } from '../../test/support/photos';
import { signUp } from '../../test/security/support/session';

const RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const load = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

/** A 12 MP HEIC made by heif-enc from a JPEG, or null when heif-enc is not installed. */
async function heic(jpeg: Buffer): Promise<Buffer | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-heic-'));
  try {
    await writeFile(path.join(dir, 'in.jpg'), jpeg);
    execFileSync('heif-enc', ['-q', '80', path.join(dir, 'in.jpg'), '-o', path.join(dir, 'out.heic')], { stdio: 'ignore' });
    return await readFile(path.join(dir, 'out.heic'));
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const atelier = await startAtelier({ database: 'pglite' });
try {
  const owner = await signUp(atelier, 'Bench Photos');
  const origin = atelier.origin;

  /** One upload to /edit/source: its time and the server's peak RSS growth while it ran. */
  async function open(photo: { bytes: Buffer; name: string; type: string }): Promise<{ ms: number; growth: number }> {
    const before = atelier.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, atelier.rss())), 5);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
    const started = performance.now();
    const response = await owner.fetch('/edit/source', { method: 'POST', body: form, headers: { origin } });
    const answer = await response.text();
    const ms = performance.now() - started;
    clearInterval(sampler);
    if (response.status !== 200) throw new Error(`${photo.name}: ${response.status} ${answer}`);
    return { ms, growth: Math.max(0, peak - before) };
  }

  const photos = [
    { label: '12 MP phone JPEG 4032×3024 (baseline)', bytes: await cameraJpeg(4032, 3024), name: 'phone.jpg', type: 'image/jpeg' },
    { label: '24 MP camera JPEG 6000×4000, fitted', bytes: await cameraJpeg(6000, 4000), name: 'camera.jpg', type: 'image/jpeg' },
    { label: '48 MP phone JPEG 8064×6048, fitted', bytes: await cameraJpeg(8064, 6048), name: 'pxl.jpg', type: 'image/jpeg' },
    { label: '48 MP JPEG on its side (orientation 6), fitted', bytes: await cameraJpeg(6048, 8064, { orientation: 6 }), name: 'side.jpg', type: 'image/jpeg' },
  ];
  const heicPhoto = await heic(photos[0].bytes);
  if (heicPhoto) photos.push({ label: '12 MP iPhone HEIC 4032×3024, converted', bytes: heicPhoto, name: 'IMG.HEIC', type: 'image/heic' });

  await open(photos[0]); // warm: the route's first compile, sharp's first load
  console.log(`load average before: ${await load()}`);
  let baseline = { ms: 0, growth: 0 };
  for (const photo of photos) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await open(photo));
    const figures = { ms: median(runs.map((r) => r.ms)), growth: median(runs.map((r) => r.growth)) };
    if (photo === photos[0]) baseline = figures;
    console.log(
      `${photo.label.padEnd(48)} ${figures.ms.toFixed(0).padStart(6)} ms (×${(figures.ms / baseline.ms).toFixed(2)})   RSS +${mb(figures.growth)} (×${(figures.growth / Math.max(baseline.growth, 1)).toFixed(2)})`,
    );
  }
  const before = atelier.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, atelier.rss())), 5);
  const started = performance.now();
  await Promise.all([0, 1, 2].map(() => open(photos[2])));
  clearInterval(sampler);
  console.log(`${'three 48 MP photos at once'.padEnd(48)} ${(performance.now() - started).toFixed(0).padStart(6)} ms            RSS +${mb(peak - before)}`);
  console.log(`load average after: ${await load()}`);
} finally {
  await atelier.stop();
}
