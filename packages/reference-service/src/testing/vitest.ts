// Vitest-only helpers: kept out of index.ts, which benches import outside any test runner.
import { afterAll, beforeAll } from 'vitest';
import { serviceFor, type KnobSettings, type RunningService } from './service';

/**
 * The service for the tests of this file (or describe block), from `beforeAll` to `afterAll`: with a
 * start `env`, one of its own; with none, the worker's (sharedService), with a key of the block's
 * own; `knobs` set on it until the block ends. The handle reads through to the running service, so it
 * follows a `restart()`; touching it before `beforeAll` has run throws.
 */
export function testService(env: Record<string, string> = {}, { knobs }: { knobs?: KnobSettings } = {}): RunningService {
  let running: RunningService | undefined;
  beforeAll(async () => {
    running = await serviceFor(env, knobs);
  });
  afterAll(() => running?.dispose());
  return new Proxy({} as RunningService, {
    get(_, key) {
      if (!running) throw new Error(`the service is not started yet (reading ${String(key)} outside a test or hook)`);
      return Reflect.get(running, key);
    },
  });
}
