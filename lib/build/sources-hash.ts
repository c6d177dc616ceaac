import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// What a Next.js build is made from, as one content hash: the sources the bundles compile, the
// config files, the lockfile and the NEXT_PUBLIC_* variables inlined into them. File times are not
// used: a checkout or a copy sets them anew.

export const BUILD_INPUTS = [
  'app',
  'components',
  'lib',
  'public',
  'packages',
  'next.config.mjs',
  'postcss.config.mjs',
  'tailwind.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
const SKIPPED_DIRS = new Set(['node_modules', '.next', 'test', 'bench', '.data']);
const SKIPPED_FILE = /\.test\.tsx?$/;

function* files(root: string, relative: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') yield relative;
    else if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) yield* files(root, child);
    else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) yield child;
  }
}

/** The hash of everything under `root` that a build is made from, and of the NEXT_PUBLIC_* variables in `env`. */
export function sourcesHash(root: string, env: Record<string, string | undefined> = process.env): string {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for (const file of files(root, input))
      hash
        .update(`${file}\0`)
        .update(readFileSync(path.join(root, file)))
        .update('\0');
  }
  for (const name of Object.keys(env)
    .filter((n) => n.startsWith('NEXT_PUBLIC_'))
    .sort())
    hash.update(`${name}=${env[name]}\0`);
  return hash.digest('hex');
}
