import { Readable } from 'node:stream';
import { expect } from 'vitest';
import type { BlobStore } from '../types';

const PATTERN = Buffer.from(Array.from({ length: 256 * 1024 }, (_, i) => (i * 31 + (i >> 10)) & 0xff));

/** `total` bytes of a fixed pattern, produced on demand from one 256 KB buffer. */
export function patternStream(total: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const chunk = PATTERN.subarray(0, Math.min(PATTERN.length, total - sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

/** Reads a body, checking every byte against the pattern without keeping any; returns the byte count. */
export async function consumePattern(body: ReadableStream<Uint8Array>, onChunk: () => void = () => {}): Promise<number> {
  let offset = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    let at = 0;
    while (at < chunk.length) {
      const from = (offset + at) % PATTERN.length;
      const n = Math.min(chunk.length - at, PATTERN.length - from);
      if (Buffer.compare(chunk.subarray(at, at + n), PATTERN.subarray(from, from + n)) !== 0) {
        throw new Error(`byte mismatch near offset ${offset + at}`);
      }
      at += n;
    }
    offset += chunk.length;
    onChunk();
  }
  return offset;
}

/** Tracks the highest RSS seen since creation, relative to the RSS at creation. */
export function rssWatch() {
  const base = process.memoryUsage.rss();
  let peak = base;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const timer = setInterval(sample, 5);
  return {
    sample,
    growthMb: () => {
      clearInterval(timer);
      sample();
      return (peak - base) / 1024 / 1024;
    },
  };
}

export const BIG = 200 * 1024 * 1024;
/** Each big-object test runs in its own test file, so its worker process starts from a clean baseline. */
export const MAX_GROWTH_MB = 80;

/** Puts BIG bytes as a stream of unknown length, reads them back checked, and returns the RSS growth in MB. */
export async function bigRoundTrip(store: BlobStore): Promise<number> {
  const watch = rssWatch();
  const put = await store.put('big/video.mp4', patternStream(BIG), { contentType: 'video/mp4' });
  expect(put.size).toBe(BIG);
  const got = await store.get('big/video.mp4');
  expect(got!.size).toBe(BIG);
  expect(await consumePattern(got!.body, watch.sample)).toBe(BIG);
  const tail = await store.get('big/video.mp4', { range: { start: BIG - 1000, end: BIG + 5 } });
  expect(tail!.range).toEqual({ start: BIG - 1000, end: BIG - 1 });
  await tail!.body.cancel();
  const growth = watch.growthMb();
  console.info(`rss growth ${growth.toFixed(1)} MB for a ${BIG / 1024 / 1024} MB object`);
  return growth;
}
