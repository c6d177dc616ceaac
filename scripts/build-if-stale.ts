// `npm start` and `npm run e2e`: `next build` only when there is no build or it was made from other
// sources (lib/build/sources-hash.ts), and the Node entry points' bundle likewise
// (lib/build/node-bundle.ts); a restart on an unchanged checkout starts at once.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureNodeBundle } from '../lib/build/node-bundle';
import { sourcesHash } from '../lib/build/sources-hash';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, '.next', 'atelier-sources.sha256');
const started = Date.now();
const hash = sourcesHash(root);
const built = existsSync(path.join(root, '.next', 'BUILD_ID')) && existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;

if (built === hash) {
  console.log(`[start] the build is current (sources unchanged, checked in ${Date.now() - started} ms)`);
} else {
  console.log(built ? '[start] the sources changed since the last build: building' : '[start] no build yet: building');
  execFileSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit' });
  // Hashed again: a build may touch its inputs (Next.js can rewrite tsconfig.json).
  writeFileSync(stamp, `${sourcesHash(root)}\n`);
}

if ((await ensureNodeBundle()) === 'built') console.log(`[start] bundled the server, worker and service into dist/`);
