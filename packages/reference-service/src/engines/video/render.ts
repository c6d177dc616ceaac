import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Resolution } from '../../catalog';
import { createRng } from '../pixels/raw';

import { ASPECT_RATIOS } from '../../requests';

export { ASPECT_RATIOS };
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

const SHORT_SIDE: Record<Resolution, number> = { '480p': 480, '720p': 720, '1080p': 1080 };

/** Frame size in pixels; H.264 in yuv420p wants even sides. */
export function frameSize(resolution: Resolution, aspect: AspectRatio): { width: number; height: number } {
  const short = SHORT_SIDE[resolution];
  const long = Math.round((short * 16) / 9 / 2) * 2;
  if (aspect === '1:1') return { width: short, height: short };
  return aspect === '16:9' ? { width: long, height: short } : { width: short, height: long };
}

export function defaultFfmpegPath(): string {
  return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export interface EncodeVideoOptions {
  ffmpegPath: string;
  /** The scene, larger than the frame: the camera pans across it. */
  platePath: string;
  /** Transparent subjects drifting against the pan, for parallax. */
  layerPath: string;
  width: number;
  height: number;
  duration: number;
  audio: boolean;
  seed: number;
  outPath: string;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

const FPS = 24;

/** A soft chord in a pentatonic key picked by the seed, with a slow swell; sounds like an ambient bed. */
function audioExpression(seed: number): string {
  const rng = createRng(seed);
  const root = 196 * 2 ** ([0, 2, 4, 7, 9][Math.floor(rng() * 5)] / 12);
  const voices = [1, 1.25, 1.5, 2].map((ratio, i) => {
    const f = (root * ratio).toFixed(2);
    const amp = (0.14 / (i + 1)).toFixed(3);
    return `${amp}*sin(2*PI*${f}*t)*(0.7+0.3*sin(2*PI*${(0.2 + i * 0.07).toFixed(2)}*t))`;
  });
  return voices.join('+');
}

/** Renders the MP4 with ffmpeg, reporting the encoder's own progress (`-progress`) as it goes. */
export function encodeVideo(o: EncodeVideoOptions): Promise<void> {
  const d = o.duration;
  const ease = `(0.5-0.5*cos(PI*t/${d}))`;
  const filter = [
    `[0:v]crop=${o.width}:${o.height}:x='(iw-ow)*${ease}':y='(ih-oh)*(0.2+0.6*${ease})'[bg]`,
    `[1:v]scale=${o.width}:${o.height},format=rgba,colorchannelmixer=aa=0.75[fg]`,
    `[bg][fg]overlay=x='${Math.round(o.width * 0.06)}-${Math.round(o.width * 0.12)}*${ease}':y='${Math.round(o.height * 0.02)}*sin(2*PI*t/${d})'` +
      `,fade=t=in:st=0:d=0.4,fade=t=out:st=${Math.max(0, d - 0.4)}:d=0.4,format=yuv420p[v]`,
  ].join(';');
  // A still image as a video input: repeated at the frame rate for the whole duration.
  const stillInput = (path: string) => ['-loop', '1', '-framerate', String(FPS), '-t', String(d), '-i', path];
  const args = ['-hide_banner', '-loglevel', 'error', '-y', ...stillInput(o.platePath), ...stillInput(o.layerPath)];
  if (o.audio) args.push('-f', 'lavfi', '-i', `aevalsrc='${audioExpression(o.seed)}':s=44100:d=${d}`);
  args.push('-filter_complex', filter, '-map', '[v]');
  if (o.audio) args.push('-map', '2:a', '-c:a', 'aac', '-b:a', '96k', '-af', `afade=t=in:d=0.5,afade=t=out:st=${Math.max(0, d - 0.8)}:d=0.8`);
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(FPS),
    '-t',
    String(d),
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    '-nostats',
    o.outPath,
  );

  return new Promise((resolve, reject) => {
    const child = spawn(o.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let buffered = '';
    const abort = () => child.kill('SIGKILL');
    o.signal?.addEventListener('abort', abort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        // ffmpeg 4 names microseconds "out_time_ms"; later versions also print out_time_us.
        const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (m) o.onProgress(Math.min(1, Number(m[1]) / (d * 1e6)));
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      o.signal?.removeEventListener('abort', abort);
      if (code === 0) resolve();
      else reject(new Error(o.signal?.aborted ? 'video encoding was cancelled' : `ffmpeg exited with code ${code}: ${stderr.trim().split('\n').pop() ?? ''}`));
    });
  });
}
