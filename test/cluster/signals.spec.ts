import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../support/free-port';

// docs/deploy.md's commands as a process manager runs them: SIGTERM goes to npm's own process, and
// must reach the server or worker under it, which finishes its work and stops. (A shell left between
// them swallowed the signal: npm exited and the server ran on, to be killed without draining.)

const ROOT = path.resolve(import.meta.dirname, '../..');

for (const { script, ready, stopped } of [
  { script: 'serve', ready: 'ready: listening', stopped: '"msg":"stopped"' },
  { script: 'worker', ready: 'worker running jobs', stopped: '"msg":"stopped"' },
  { script: 'service', ready: 'reference service listening' },
]) {
  test(`SIGTERM to \`npm run ${script}\` reaches the process, which stops and leaves nothing behind`, async () => {
    test.setTimeout(90_000);
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-signals-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      ATELIER_DATA_DIR: dataDir,
      SERVICE_DATA_DIR: dataDir,
      DATABASE_URL: '',
    };
    // Its own process group: whether anything of it is left can be asked, and cleared away.
    const npm: ChildProcess = spawn('npm', ['run', script], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const group = -npm.pid!;
    const groupLeft = () => {
      try {
        process.kill(group, 0);
        return true;
      } catch {
        return false;
      }
    };
    let output = '';
    for (const stream of [npm.stdout!, npm.stderr!]) stream.on('data', (d) => (output += d));
    // npm's exit can be seen before the last lines its group wrote are read: those end with the streams.
    const read = Promise.all([npm.stdout!, npm.stderr!].map((stream) => new Promise((resolve) => stream.once('end', resolve))));
    try {
      await expect.poll(() => output, { timeout: 60_000 }).toContain(ready);
      const exited = new Promise((resolve) => npm.once('exit', resolve));
      npm.kill('SIGTERM');
      await exited;
      await expect.poll(groupLeft, { timeout: 10_000 }).toBe(false);
      await read;
      if (stopped) expect(output).toContain(stopped);
    } finally {
      if (groupLeft()) process.kill(group, 'SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}
