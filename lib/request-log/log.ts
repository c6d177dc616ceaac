import { AsyncLocalStorage } from 'node:async_hooks';
import type PgBoss from 'pg-boss';
import { appConfig } from '../config';
import type { Database } from '../db/client';
import { Prisma } from '../db/generated/client';
import { schedulePeriodic } from '../queue';
import { beforeClose, db } from '../runtime';
import { log } from '../observability/log';

// The request log: every call Atelier makes to the service, written off the answer's path. Calls
// gather in a process-wide buffer (on globalThis: the server and Next's bundles share it) that is
// written in one statement every second or every 200 calls, and once more when the process closes
// cleanly, so a shutdown loses nothing. Inside a request (the API and the studio's routes) calls
// wait for its end, to carry the whole request's time beside the service's.

export interface CallEntry {
  teamId: string;
  userId: string | null;
  apiKeyId: string | null;
  /** No member's request made it (a job, the server's own model list). */
  system?: boolean;
  operation: string;
  models: string[];
  status: number;
  upstreamMs: number;
  totalMs?: number | null;
  cost?: string | null;
  errorCode?: string | null;
  createdAt: Date;
}

const FLUSH_MS = 1_000;
const FLUSH_AT = 200;

interface Buffer {
  entries: CallEntry[];
  timer?: NodeJS.Timeout;
  writing: Promise<void>;
}

const KEY = Symbol.for('atelier.request-log');
type Holder = { [KEY]?: Buffer };

function buffer(): Buffer {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const created: Buffer = { entries: [], writing: Promise.resolve() };
    holder[KEY] = created;
    beforeClose(() => flushRequestLog());
  }
  return holder[KEY];
}

const scope = new AsyncLocalStorage<{ startedAt: number; calls: CallEntry[] }>();

/** Runs a request's handler; the service calls it makes are logged at its end, with its whole time. */
export async function withRequestScope<T>(handle: () => Promise<T>): Promise<T> {
  const request = { startedAt: performance.now(), calls: [] as CallEntry[] };
  try {
    return await scope.run(request, handle);
  } finally {
    const totalMs = Math.round(performance.now() - request.startedAt);
    for (const call of request.calls) add({ ...call, totalMs });
  }
}

/** Notes one call to the service (the upstream client's observer calls this). A system call is no part of the request it happens in. */
export function recordCall(entry: CallEntry): void {
  const request = entry.system ? undefined : scope.getStore();
  if (request) request.calls.push(entry);
  else add(entry);
}

function add(entry: CallEntry): void {
  const held = buffer();
  held.entries.push(entry);
  if (held.entries.length >= FLUSH_AT) void flushRequestLog();
  else held.timer ??= setTimeout(() => void flushRequestLog(), FLUSH_MS).unref();
}

/** Writes what is buffered, in one statement; one write at a time. A failed write is logged and its entries kept for the next. */
export function flushRequestLog(): Promise<void> {
  const held = buffer();
  clearTimeout(held.timer);
  held.timer = undefined;
  held.writing = held.writing.then(async () => {
    const batch = held.entries.splice(0);
    if (batch.length === 0) return;
    try {
      await (
        await db()
      ).requestLog.createMany({
        data: batch.map((e) => ({ ...e, cost: e.cost ? new Prisma.Decimal(e.cost) : null, totalMs: e.totalMs ?? null, errorCode: e.errorCode ?? null })),
      });
    } catch (error) {
      log().error({ err: error, entries: batch.length }, 'request log: could not write (kept for the next write)');
      held.entries.unshift(...batch.slice(-5_000));
    }
  });
  return held.writing;
}

/** Every night: entries past the retention go. */
export async function registerRequestLogJobs(boss: PgBoss, { prisma }: Database): Promise<void> {
  await schedulePeriodic(boss, 'request-log.retention', '40 3 * * *', async () => {
    await prisma.$executeRaw`DELETE FROM "RequestLog" WHERE "createdAt" < now() - make_interval(days => ${appConfig().requestLogDays}::int)`;
  });
}
