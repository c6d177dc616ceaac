import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { appConfig } from '../config';
import type { BlobStore } from '../storage';
import type { ThumbnailWidth } from './thumbnail';

/** Half a second in: past a fade from black, still the opening shot. */
const POSTER_AT_S = 0.5;

/** One frame of a video as PNG bytes (ffmpeg reads the file: an MP4's index may sit at its end). */
async function frameAt(file: string, seconds: number): Promise<Buffer> {
  const child = spawn(
    appConfig().ffmpegPath ?? ffmpeg.path,
    ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', 'pipe:1'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const chunks: Buffer[] = [];
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
  const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
  if (code !== 0 || chunks.length === 0) throw new Error(`ffmpeg could not read a frame: ${errors.trim().slice(0, 300)}`);
  return Buffer.concat(chunks);
}

/**
 * The key of a WebP poster of the video at most `width` wide, made on first request (the video
 * copied to a temporary file, one frame taken) and stored beside it like an image thumbnail.
 */
export async function videoPosterKey(store: BlobStore, storageKey: string, width: ThumbnailWidth): Promise<string | null> {
  const key = `${storageKey}.poster.w${width}.webp`;
  if (await store.head(key)) return key;
  const video = await store.get(storageKey);
  if (!video) return null;
  const dir = await mkdtemp(path.join(tmpdir(), 'atelier-poster-'));
  try {
    const file = path.join(dir, 'video.mp4');
    await pipeline(Readable.fromWeb(video.body as never), createWriteStream(file));
    const frame = await frameAt(file, POSTER_AT_S).catch(() => frameAt(file, 0)); // a clip shorter than the offset
    const poster = await sharp(frame).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    await store.put(key, Readable.from(poster), { contentType: 'image/webp' });
    return key;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
