import { spawn } from 'node:child_process';
import path from 'node:path';
import { bundled, ensureNodeBundle } from '../../lib/build/node-bundle';
import { appConfig } from '../../lib/config';

// `npm run worker` as a process of its own, the way a deployment runs workers beside its web
// replicas: by default on the integration harness's database and data dir (so it shares the
// generated secrets); `base` gives another process's whole environment instead.

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface WorkerProcess {
  log(): string;
  /** SIGTERM, as a deployment stops a worker (SIGKILL: a crash); resolves once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function harnessEnv(): NodeJS.ProcessEnv {
  const config = appConfig();
  return { ...process.env, DATABASE_URL: config.databaseUrl ?? '', ATELIER_DATA_DIR: config.dataDir, UPSTREAM_BASE_URL: config.upstream.baseUrl };
}

export async function startWorker(env: Record<string, string> = {}, base: NodeJS.ProcessEnv = harnessEnv()): Promise<WorkerProcess> {
  await ensureNodeBundle();
  const child = spawn(process.execPath, [bundled('worker')], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('worker running jobs')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    void exited.then(() => reject(new Error(`the worker exited (${child.exitCode ?? child.signalCode}):\n${output}`)));
  });
  return {
    log: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
