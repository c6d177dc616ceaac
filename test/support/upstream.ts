import { expect } from 'vitest';
import { UpstreamError } from '../../lib/upstream';

/** The UpstreamError a call to the service fails with; the test fails if the call succeeds or fails any other way. */
export async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => expect.fail('expected the call to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}
