import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export interface RawRgba {
  width: number;
  height: number;
  /** 4 bytes a pixel, rows top to bottom, as displayed (libheif applies irot and imir). */
  data: Uint8Array;
}

/**
 * The worker's code, run with `eval` so that no bundler needs to find a file for it (the same code
 * runs under tsx and inside Next.js's server bundle). heic-decode is libheif compiled to wasm.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
require(workerData.decoder)({ buffer: workerData.bytes }).then(
  ({ width, height, data }) => parentPort.postMessage({ width, height, data }),
  (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
);`;

/**
 * Decodes a HEIC/HEIF file (every iPhone's default; sharp's prebuilt libvips has no HEVC decoder)
 * in a worker thread of its own, so a 2 s decode never blocks the server, and the wasm heap goes
 * away with the thread. Rejects when the file cannot be decoded.
 */
export function decodeHeic(bytes: Uint8Array): Promise<RawRgba> {
  const decoder = createRequire(path.join(process.cwd(), 'package.json')).resolve('heic-decode');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { decoder, bytes } });
    worker.once('message', (answer: { error?: string } & Partial<RawRgba>) => {
      void worker.terminate();
      if (answer.error || !answer.data || !answer.width || !answer.height) reject(new Error(answer.error ?? 'HEIC decoder gave no image'));
      else resolve({ width: answer.width, height: answer.height, data: new Uint8Array(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength) });
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`HEIC decoder stopped (${code})`)));
  });
}
