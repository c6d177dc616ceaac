import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knobs } from '../config';
import { recordStart } from './start-log';

export interface RunningService {
  url: string;
  dataDir: string;
  /** The service process id (for reading its memory). */
  readonly pid: number;
  adminToken: string;
  /** A key minted through the admin API. */
  key: string;
  mintKey(): Promise<string>;
  /** Stops the process: SIGKILL simulates a crash, SIGTERM a graceful stop. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the service again on the same data directory (and the same port when it is free). */
  restart(signal?: NodeJS.Signals): Promise<void>;
  /** Deletes the data directory. */
  dispose(): Promise<void>;
  /** Everything the process (and those before a restart) printed. */
  log(): string;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

function launch(env: Record<string, string>, printed: { log: string }): Promise<{ child: ChildProcess; url: string }> {
  // SERVICE_NICE lowers the service's CPU priority (benches: as if it rendered on its own machines).
  // SERVICE_BUNDLE names a bundle of src/server.ts (Atelier's test runs set it: dist/service.mjs),
  // which starts in a third of the CPU that the sources take through tsx.
  const entry = process.env.SERVICE_BUNDLE ? [process.env.SERVICE_BUNDLE] : ['--import', 'tsx', 'src/server.ts'];
  const node = [process.execPath, ...entry];
  const [command, ...args] = env.SERVICE_NICE && env.SERVICE_NICE !== '0' ? ['nice', '-n', env.SERVICE_NICE, ...node] : node;
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', SERVICE_EXIT_WITH_PID: String(process.pid), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d: Buffer) => {
    log += d;
    printed.log += d;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${log}`)), 30_000);
    child.stderr!.on('data', (d) => {
      keep(d);
      if (process.env.SERVICE_LOG) process.stderr.write(d);
    });
    child.stdout!.on('data', (d) => {
      keep(d);
      const m = /listening on (http:\/\/[\d.:]+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${code}) before listening:\n${log}`));
    });
  });
}

/** Starts the standalone reference service as its own process, on a free port, with a fresh data dir. */
export async function startService(env: Record<string, string> = {}): Promise<RunningService> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'refsvc-'));
  const adminToken = 'test-admin-token';
  const fullEnv = { SERVICE_DATA_DIR: dataDir, SERVICE_ADMIN_TOKEN: adminToken, PORT: '0', ...env };
  const printed = { log: '' };
  const started = performance.now();
  let { child, url } = await launch(fullEnv, printed);
  recordStart('service', performance.now() - started);
  const mintKey = async () => {
    const res = await fetch(`${url}/v1/admin/keys`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });
    if (res.status !== 201) throw new Error(`mint failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { key: string }).key;
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  const service: RunningService = {
    url,
    get pid() {
      return child.pid!;
    },
    dataDir,
    adminToken,
    key: await mintKey(),
    mintKey,
    stop,
    async restart(signal: NodeJS.Signals = 'SIGTERM') {
      await stop(signal);
      const restarted = performance.now();
      ({ child, url } = await launch({ ...fullEnv, PORT: new URL(url).port }, printed));
      recordStart('service (restart)', performance.now() - restarted);
      service.url = url;
    },
    log: () => printed.log,
    async dispose() {
      await stop('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return service;
}

/** Fault knobs as PUT /v1/admin/knobs takes them (`leakyModels` also as SERVICE_LEAKY_MODELS writes them). */
export type KnobSettings = Partial<Omit<Knobs, 'leakyModels'>> & { leakyModels?: Knobs['leakyModels'] | string };

/** Every knob as a service started with no fault variables has it. */
const NO_FAULTS: KnobSettings = {
  latencyMs: {},
  heldModels: [],
  failModels: [],
  timeoutModels: [],
  dropWebhooks: false,
  fileLatencyMs: 0,
  modelList: 'normal',
  leakyModels: {},
  deadlineMs: {},
};

/** Sets fault knobs on a running service (standalone, or embedded: its origin and admin token). */
export async function setKnobs(service: Pick<RunningService, 'url' | 'adminToken'>, knobs: KnobSettings): Promise<void> {
  const res = await fetch(`${service.url}/v1/admin/knobs`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${service.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(knobs),
  });
  if (!res.ok) throw new Error(`knobs: ${res.status} ${await res.text()}`);
}

/** Sets every knob back to what a service started with no fault variables has. */
export const resetKnobs = (service: Pick<RunningService, 'url' | 'adminToken'>): Promise<void> => setKnobs(service, NO_FAULTS);

let shared: Promise<RunningService> | undefined;

/**
 * The service of this test worker, for tests that need no start setting of their own: started on
 * first use and left running for the worker's next files (a worker runs one file at a time; the
 * service stops itself once the worker is gone). The handle has a key of its own and sets `knobs` on the
 * service; its dispose() puts every knob back as it was. It cannot be stopped or restarted (a test
 * that does that starts a service of its own).
 */
export async function sharedService(knobs: KnobSettings = {}): Promise<RunningService> {
  // It ends with this process (SERVICE_EXIT_WITH_PID): vitest ends its workers without an exit event.
  shared ??= startService();
  const service = await shared;
  if (Object.keys(knobs).length > 0) await setKnobs(service, knobs);
  const refuse = async () => {
    throw new Error('the worker-wide service cannot be stopped or restarted: start one of your own (startService)');
  };
  return {
    get url() {
      return service.url;
    },
    get pid() {
      return service.pid;
    },
    dataDir: service.dataDir,
    adminToken: service.adminToken,
    key: await service.mintKey(),
    mintKey: service.mintKey,
    stop: refuse,
    restart: refuse,
    dispose: () => resetKnobs(service),
    log: service.log,
  };
}

/**
 * A test's service: one of its own when it needs start settings (`env`), else the worker's
 * (sharedService); `knobs` set on it either way.
 */
export async function serviceFor(env: Record<string, string>, knobs: KnobSettings = {}): Promise<RunningService> {
  if (Object.keys(env).length === 0) return sharedService(knobs);
  const service = await startService(env);
  if (Object.keys(knobs).length > 0) await setKnobs(service, knobs);
  return service;
}

/** A JSON call with the service's key. */
export async function call(service: RunningService, method: string, route: string, body?: unknown, key = service.key) {
  const res = await fetch(`${service.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** A form part: text, a PNG (a Buffer, named for its field) or a file of any type. */
export type FormPart = string | Buffer | { bytes: Buffer; name: string; type: string };

/** A multipart POST /v1/images/edits with the service's key. */
export async function postEdit(service: RunningService, parts: Record<string, FormPart>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else if (Buffer.isBuffer(value)) form.append(name, new Blob([new Uint8Array(value)], { type: 'image/png' }), `${name}.png`);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  const res = await fetch(`${service.url}/v1/images/edits`, { method: 'POST', headers: { authorization: `Bearer ${service.key}`, ...headers }, body: form });
  return { status: res.status, json: (await res.json()) as any };
}

export async function download(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}
