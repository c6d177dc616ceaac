import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { S3StoreConfig } from '../s3-store';

// s3rver for any test runner (vitest's file hooks are in s3rver.ts).

const script = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1, a free port and a temp dir, with one empty
 * bucket. It runs in a child process, so memory measured in the test process is ours alone.
 */
export async function startS3rver(bucket = 'atelier-test'): Promise<{ config: S3StoreConfig; stop: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'atelier-s3rver-'));
  const child = spawn(process.execPath, [script, directory, bucket], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout! }), 'line'),
    exited.then(([code]) => Promise.reject(new Error(`s3rver exited with code ${code} before listening`))),
  ])) as [string];
  const { port } = JSON.parse(line) as { port: number };
  return {
    config: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async stop() {
      child.stdin!.end();
      const timer = setTimeout(() => child.kill(), 5000);
      await exited;
      clearTimeout(timer);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
