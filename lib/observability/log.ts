import { hostname } from 'node:os';
import pino from 'pino';
import { currentRequestId } from './context';

// Structured logs: one JSON object per line on stdout, with the process (role, host, pid) and the
// request id of the work under way. One logger per process (on globalThis, like the runtime).

export type ProcessRole = 'web' | 'worker';

const KEY = Symbol.for('atelier.log');
type Holder = { [KEY]?: { role: ProcessRole; logger?: pino.Logger; out?: ReturnType<typeof pino.destination> } };
const held = ((globalThis as Holder)[KEY] ??= { role: 'web' });

/** Names this process in logs and metrics (server.ts: web; scripts/worker.ts: worker). Call before logging. */
export function setProcessRole(role: ProcessRole): void {
  held.role = role;
  held.logger = undefined;
}

/** `web-myhost-1234`: the label that tells one process's logs and metrics from another's. */
export function processLabel(): string {
  return `${held.role}-${hostname()}-${process.pid}`;
}

/**
 * Lines are written asynchronously (a slow reader of stdout must not stall the event loop); a
 * process that exits on purpose calls `flushLogs()` first.
 */
export function log(): pino.Logger {
  return (held.logger ??= pino(
    {
      base: { process: processLabel() },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // An error's kind, message, code and stack; not every property (a driver's error carries its whole client).
      serializers: { err: (error: Error & { code?: unknown }) => ({ type: error?.name, message: error?.message, code: error?.code, stack: error?.stack }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    (held.out = pino.destination({ dest: 1, sync: false })),
  ));
}

/** Writes out what is buffered, now (before process.exit). */
export function flushLogs(): void {
  held.out?.flushSync();
}
