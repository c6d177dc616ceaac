const KEY = Symbol.for('atelier.edits.in-flight');
type Holder = { [KEY]?: Map<string, AbortController> };

// Edits in progress in this process, so a cancel request can stop the upstream call. Keyed by the
// user as well: a request id alone must not let anyone cancel someone else's edit.
const registry = () => ((globalThis as Holder)[KEY] ??= new Map());

export function track(userId: string, requestId: string, controller: AbortController): () => void {
  const key = `${userId}:${requestId}`;
  registry().set(key, controller);
  return () => {
    if (registry().get(key) === controller) registry().delete(key);
  };
}

export function cancel(userId: string, requestId: string): boolean {
  const controller = registry().get(`${userId}:${requestId}`);
  controller?.abort();
  return Boolean(controller);
}
