import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
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

describe('past 4 GiB', () => {
  it('writes ZIP64 where a size or an offset no longer fits, and a reader finds the file after it', async () => {
    const GiB = 1024 ** 3;
    const big = 4 * GiB + 4096;
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    async function* huge() {
      for (let sent = 0; sent < big; sent += zeros.length) yield zeros.subarray(0, Math.min(zeros.length, big - sent));
    }
    const small = randomBytes(1000);
    const dir = await mkdtemp(path.join(tmpdir(), 'zip64-test-'));
    try {
      const zip = path.join(dir, 'bulk.zip');
      // Written sparse: the zero chunks become holes in the file (read back as zeros), so 4 GiB costs no disk time.
      const file = await open(zip, 'w');
      let at = 0;
      for await (const part of zipStream([
        { name: 'video.mp4', open: async () => huge() },
        { name: 'after.png', open: async () => chunked(small, 256) },
      ])) {
        if (part.buffer !== zeros.buffer) await file.write(part, 0, part.length, at);
        at += part.length;
      }
      await file.truncate(at);
      await file.close();
      // Python reads the central directory (ZIP64 extra fields, ZIP64 end record) and checks the CRC of what it extracts.
      const script = `import zipfile, sys, json
z = zipfile.ZipFile(sys.argv[1])
print(json.dumps({"entries": [[i.filename, i.file_size, i.header_offset] for i in z.infolist()], "after": z.read("after.png").hex()}))`;
      const listed = JSON.parse(execFileSync('python3', ['-c', script, zip], { encoding: 'utf8' }));
      expect(listed.entries).toEqual([
        ['video.mp4', big, 0],
        ['after.png', 1000, 30 + 'video.mp4'.length + big + 24],
      ]);
      expect(listed.after).toBe(small.toString('hex'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
