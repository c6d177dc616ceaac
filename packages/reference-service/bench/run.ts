// `npm run bench:reference-service`: the reference service's figures, each against a baseline from the same run.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { decodeRaw } from '../src/engines/pixels/raw';
import { upscale } from '../src/engines/edit/upscale';
import { call, startService } from '../src/testing/service';
import { pollVideo } from '../src/testing/video';

const MODELS = ['atelier-vista', 'atelier-aquarelle', 'atelier-mosaic', 'atelier-ink'];

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

const svc = await startService({ SERVICE_ENGINE_THREADS: '4' });
try {
  const generate = (model: string | string[], extra: Record<string, unknown> = {}) =>
    call(svc, 'POST', '/v1/images/generations', { model, prompt: 'a quiet harbour at dusk with boats', seed: 11, ...extra });

  // Warm every engine thread first: the figures below are steady-state.
  await generate(MODELS);

  const concurrent: number[] = [];
  const sequential: number[] = [];
  for (let round = 0; round < 3; round++) {
    concurrent.push((await timed(() => generate(MODELS)))[0]);
    sequential.push(
      (
        await timed(async () => {
          for (const m of MODELS) await generate(m);
        })
      )[0],
    );
  }
  const [one1024] = await timed(() => generate('atelier-vista'));
  const [one4096] = await timed(() => generate('atelier-vista', { size: '4096x4096' }));

  const source = await decodeRaw(
    await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#777' } })
      .composite([{ input: Buffer.from((await generate('atelier-mosaic', { response_format: 'b64_json' })).json.results[0].data[0].b64_json, 'base64') }])
      .png()
      .toBuffer(),
  );
  const [plain] = await timed(() =>
    sharp(source.data, { raw: { width: 1024, height: 1024, channels: 4 } })
      .resize(4096, 4096)
      .raw()
      .toBuffer(),
  );
  const [standard] = await timed(() => upscale(source, 4096, 4096, 'standard'));
  const [hd] = await timed(() => upscale(source, 4096, 4096, 'hd'));

  const [video] = await timed(async () => {
    const task = await call(svc, 'POST', '/v1/videos/generations', {
      model: 'atelier-motion',
      prompt: 'waves on a beach at sunset',
      duration: 5,
      resolution: '720p',
      audio: true,
    });
    const { final } = await pollVideo(svc, task.json.id, 300_000, 100);
    if (final.status !== 'completed') throw new Error(`video failed: ${JSON.stringify(final.error)}`);
  });

  const rows = [
    ['4 models x 1024², concurrent (median of 3)', ms(median(concurrent)), ''],
    ['same 4 one after another (median of 3)', ms(median(sequential)), `concurrent/sequential = ${(median(concurrent) / median(sequential)).toFixed(2)}`],
    ['1 image 1024² (atelier-vista)', ms(one1024), ''],
    ['1 image 4096² (atelier-vista)', ms(one4096), `= ${(one4096 / one1024).toFixed(1)} x the 1024² image`],
    ['plain sharp resize 1024² -> 4096²', ms(plain), 'baseline'],
    ['upscale standard 1024² -> 4096²', ms(standard), `= ${(standard / plain).toFixed(1)} x plain resize`],
    ['upscale hd 1024² -> 4096²', ms(hd), `= ${(hd / plain).toFixed(1)} x plain resize`],
    ['video 5 s 720p with audio, create -> completed', ms(video), `= ${(video / 5000).toFixed(2)} x real time`],
    ['service peak RSS', `${(await peakRssMb(svc.pid)).toFixed(0)} MB`, ''],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [name, value, ratio] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(9)}  ${ratio}`);
} finally {
  await svc.dispose();
}
