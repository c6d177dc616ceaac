/** The reference service's one error type: every refusal is a ServiceError, rendered by `errorResponse`. */

const TYPE_BY_STATUS: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  405: 'invalid_request_error',
  410: 'invalid_request_error',
  413: 'request_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'overloaded_error',
  504: 'timeout_error',
};

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
    /** Headers the answer carries (`Allow` on a 405, `Connection: close` after a refused body). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  get type(): string {
    return TYPE_BY_STATUS[this.status] ?? (this.status >= 500 ? 'api_error' : 'invalid_request_error');
  }
}

export const invalid = (code: string, message: string, param: string | null = null) => new ServiceError(400, code, message, param);

export function errorResponse(error: unknown): Response {
  const e = error instanceof ServiceError ? error : new ServiceError(500, 'internal_error', 'The service failed to process the request.');
  if (!(error instanceof ServiceError)) console.error('[reference-service] unexpected error', error);
  return Response.json({ error: { message: e.message, type: e.type, code: e.code, param: e.param } }, { status: e.status, headers: e.headers });
}
