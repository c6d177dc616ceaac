import { AppError } from '../errors';
import type { UpstreamError } from '../upstream';
import { upstreamMessageKey } from '../upstream/error-keys';

/**
 * A service failure as the user sees it: 503 when the service could not be reached or failed
 * itself, 502 when it refused the request; with a message key the UI words in the user's language
 * (the service's own message stays the fallback).
 */
export function upstreamAppError(error: UpstreamError): AppError {
  const unavailable = error.kind === 'network' || error.kind === 'timeout' || error.status >= 500;
  return new AppError(unavailable ? 'upstream_unavailable' : 'upstream_error', error.message, {
    key: upstreamMessageKey(error.code, error.kind),
    // The API passes a refusal on as the service made it, naming the same field.
    service: { status: error.status, code: error.code },
    ...(error.param ? { param: error.param } : {}),
  });
}
