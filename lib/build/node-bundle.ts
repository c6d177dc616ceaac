import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

// Atelier's Node processes (the web server, the worker, the standalone reference service and its
// engine threads) run from one esbuild bundle in dist/, made once per change of their sources,
// instead of through tsx's loader hooks at every start: a service started in 4.0 s and 1.9 CPU-s
// through tsx and in 1.5 s and 0.6 CPU-s from the bundle; an engine thread answered its first job
// after 0.6 CPU-s and 0.2. Packages stay outside the bundle and load from node_modules as before.

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUNDLE_DIR = path.join(ROOT, 'dist');

const ENTRIES = {
  server: 'server.ts',
  worker: 'scripts/worker.ts',
  service: 'packages/reference-service/src/server.ts',
  'engine-thread': 'packages/reference-service/src/engines/worker.ts',
};

/** A bundled entry's file: `server`, `worker`, `service` or `engine-thread`. */
export const bundled = (entry: keyof typeof ENTRIES) => path.join(BUNDLE_DIR, `${entry}.mjs`);

const STAMP = path.join(BUNDLE_DIR, 'inputs.json');

interface Stamp {
  root: string;
  /** Every source file in the bundle, with the sha256 of its content. */
  inputs: Record<string, string>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Whether dist/ was bundled here from the sources as they are now. */
function current(): boolean {
  if (!existsSync(STAMP)) return false;
  const stamp = JSON.parse(readFileSync(STAMP, 'utf8')) as Stamp;
  if (stamp.root !== ROOT) return false;
  return Object.entries(stamp.inputs).every(([file, hash]) => {
    const full = path.join(ROOT, file);
    return existsSync(full) && sha256(readFileSync(full)) === hash;
  });
}

/**
 * A module's own `import.meta.url` and `import.meta.dirname`, written in as its source file's: the
 * sources find files beside them (the model catalog, Prisma's generated client, Next.js's app dir),
 * which stay where they are while the code moves into dist/.
 */
const sourceImportMeta: Plugin = {
  name: 'source-import-meta',
  setup(builder) {
    builder.onLoad({ filter: /\.[cm]?tsx?$/ }, async ({ path: file }) => {
      const text = await readFile(file, 'utf8');
      return {
        loader: file.endsWith('x') ? 'tsx' : 'ts',
        contents: text
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file))),
      };
    });
  },
};

/** Packages load from node_modules at run time, except our own workspace's, whose exports are TypeScript. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: name }) => (name.startsWith('@/') || name.startsWith('@atelier/') ? undefined : { external: true }));
  },
};

/** Bundles the entries into dist/ unless it is current. Safe to call from every process that starts one. */
export async function ensureNodeBundle(): Promise<'current' | 'built'> {
  if (current()) return 'current';
  // Built beside dist/ and moved into place, so no process ever loads half a bundle.
  const staging = `${BUNDLE_DIR}.${process.pid}`;
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    plugins: [externalPackages, sourceImportMeta],
    // The engine threads start from their own bundled entry, not from TypeScript through tsx.
    define: { __ENGINE_THREAD_BUNDLE__: JSON.stringify(pathToFileURL(bundled('engine-thread')).href) },
  });
  const inputs: Stamp['inputs'] = {};
  // The sources it was made from, and how (this file).
  for (const file of [...Object.keys(result.metafile.inputs), path.relative(ROOT, import.meta.filename)])
    inputs[file] = sha256(readFileSync(path.join(ROOT, file)));
  await writeFile(path.join(staging, 'inputs.json'), JSON.stringify({ root: ROOT, inputs } satisfies Stamp, null, 1));
  const old = `${BUNDLE_DIR}.old.${process.pid}`;
  await rename(BUNDLE_DIR, old).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(staging, BUNDLE_DIR);
  await rm(old, { recursive: true, force: true });
  return 'built';
}
