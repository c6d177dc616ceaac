import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ProviderFailure } from '../../src/providers/types';
import type { ProviderFake } from '../../src/testing/provider-fakes/harness';

// What the adapters' tests share: their fake's life, the vendors' documented examples, and failures.

/**
 * The fake for this file's tests: started before them, closed after, and before each test emptied
 * of calls, faults and files, with its URLs living their minute again. The handle reads through to
 * the running fake.
 */
export function fakeForFile(start: () => Promise<ProviderFake>): ProviderFake {
  let fake: ProviderFake | undefined;
  beforeAll(async () => void (fake = await start()));
  afterAll(() => fake?.close());
  beforeEach(() => {
    Object.assign(fake!, { leak: 0, fileTtlMs: 60_000 });
    for (const list of [fake!.calls, fake!.faults, fake!.served]) list.length = 0;
  });
  return new Proxy({} as ProviderFake, {
    get: (_, key) => Reflect.get(fake ?? {}, key),
    set: (_, key, value) => Reflect.set(fake!, key, value),
  });
}

/** A body from the vendor's documentation, as committed under provider-fakes/examples/<provider>/ (with its `$source`). */
export const example = (provider: string, file: string): Record<string, any> =>
  JSON.parse(readFileSync(new URL(`../../src/testing/provider-fakes/examples/${provider}/${file}`, import.meta.url), 'utf8'));

/** The ProviderFailure a call ends with. */
export async function failure(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(PNG_SIGNATURE);
