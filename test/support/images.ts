import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Bytes as the edit route holds an upload: a temporary file and its size. */
export async function asUpload(bytes: Uint8Array): Promise<{ path: string; bytes: number }> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'atelier-test-upload-')), 'upload');
  await writeFile(file, bytes);
  return { path: file, bytes: bytes.length };
}
