import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

// The request id that follows one piece of work: an HTTP request (its X-Request-Id, or a new one),
// the service calls it makes (sent as X-Request-Id) and the jobs it queues (carried in their data).
// One AsyncLocalStorage for the process, on globalThis: the custom server and Next's bundles load
// separate copies of this module and must see the same store.

export interface RequestContext {
  requestId: string;
  /** Time spent waiting on the service within this request, ms (what is left is Atelier's own). */
  serviceMs: number;
}

const KEY = Symbol.for('atelier.request-context');
type Holder = { [KEY]?: AsyncLocalStorage<RequestContext> };
const storage = ((globalThis as Holder)[KEY] ??= new AsyncLocalStorage<RequestContext>());

const ACCEPTED = /^[\w.:-]{8,128}$/;

/** A caller's X-Request-Id when it is a plain token, else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && ACCEPTED.test(given) ? given : randomUUID();
}

/** Runs `work` with this request id (logs, service calls and queued jobs carry it). */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return withRequestContext({ requestId, serviceMs: 0 }, work);
}

/** Runs `work` in a context the caller keeps (server.ts reads its service time when the answer ends). */
export function withRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** Adds a call to the service to the current request's service time. */
export function noteServiceTime(ms: number): void {
  const context = storage.getStore();
  if (context) context.serviceMs += ms;
}

/** The request id of the work under way, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
