// Vitest-only helpers: kept out of index.ts, which benches import outside any test runner.
import { afterAll, beforeAll } from 'vitest';
import { startService, type RunningService } from './service';

/**
 * The service for the tests of this file (or describe block): started in `beforeAll` with `env`,
 * disposed of in `afterAll`. The handle reads through to the running service, so it follows a
 * `restart()`; touching it before `beforeAll` has run throws.
 */
export function testService(env: Record<string, string> = {}): RunningService {
  let running: RunningService | undefined;
  beforeAll(async () => {
    running = await startService(env);
  });
  afterAll(() => running?.dispose());
  return new Proxy({} as RunningService, {
    get(_, key) {
      if (!running) throw new Error(`the service is not started yet (reading ${String(key)} outside a test or hook)`);
      return Reflect.get(running, key);
    },
  });
}
