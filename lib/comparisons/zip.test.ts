import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipStream } from './zip';

async function* chunked(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('the store-only zip writer', () => {
  it('writes an archive Info-ZIP tests clean and extracts byte for byte', async () => {
    const files = { 'atelier-vista/1.png': randomBytes(300_000), 'atelier-ink/模型-2.png': randomBytes(17), 'empty.png': Buffer.alloc(0) };
    const parts: Uint8Array[] = [];
    const entries = Object.entries(files).map(([name, bytes]) => ({ name, open: async () => chunked(bytes, 65_536) }));
    for await (const part of zipStream(entries)) parts.push(part);
    const dir = await mkdtemp(path.join(tmpdir(), 'zip-test-'));
    try {
      const zip = path.join(dir, 'board.zip');
      await writeFile(zip, Buffer.concat(parts));
      expect(execFileSync('unzip', ['-t', zip], { encoding: 'utf8' })).toContain('No errors detected');
      // Python's zipfile honours the UTF-8 name flag whatever the locale.
      execFileSync('python3', ['-m', 'zipfile', '-e', zip, path.join(dir, 'out')]);
      for (const [name, bytes] of Object.entries(files)) expect((await readFile(path.join(dir, 'out', name))).equals(bytes)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
