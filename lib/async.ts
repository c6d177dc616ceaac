/**
 * `Promise.all` for independent reads whose failures have an order of precedence: all run side by
 * side, and if any failed, the first failure in argument order is thrown (not whichever came first),
 * so the caller's refusal does not depend on timing.
 */
export async function allInOrder<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** Waits for `work`, or `ms` at most (then resolves false; the work goes on unawaited). */
export async function withDeadline(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
