/** What went wrong, decided by the HTTP status (or by the transport when there is no status). */
export type UpstreamErrorKind =
  | 'invalid_request'
  | 'authentication'
  | 'permission'
  | 'not_found'
  | 'too_large'
  | 'unsupported_media'
  | 'rate_limit'
  | 'server'
  | 'overloaded'
  | 'timeout'
  | 'cancelled'
  | 'network'
  | 'invalid_response';

const KIND_BY_STATUS: Record<number, UpstreamErrorKind> = {
  401: 'authentication',
  403: 'permission',
  404: 'not_found',
  408: 'timeout',
  413: 'too_large',
  415: 'unsupported_media',
  429: 'rate_limit',
  503: 'overloaded',
  504: 'timeout',
};

const KIND_BY_CODE: Record<string, UpstreamErrorKind> = { timeout: 'timeout', cancelled: 'cancelled', network_error: 'network' };

export interface UpstreamErrorInit {
  /** HTTP status, or 0 when no response arrived (network failure, timeout, cancellation, a refused call). */
  status: number;
  code: string;
  message: string;
  retryAfterSeconds?: number;
  param?: string;
}

/**
 * The one error the upstream client throws. It never holds the API key, the request or the
 * response object, so it can be logged, serialised and shown as it is.
 */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  readonly status: number;
  readonly code: string;
  readonly kind: UpstreamErrorKind;
  /** Worth trying again later: 408, 429, 5xx, network failures and our own timeouts. */
  readonly retryable: boolean;
  readonly retryAfterSeconds?: number;
  readonly param?: string;

  constructor(init: UpstreamErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.kind = kindOf(init.status, init.code);
    this.retryable = init.status === 0 ? this.kind === 'timeout' || this.kind === 'network' : isRetryableStatus(init.status);
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
    if (init.param) this.param = init.param;
  }

  toJSON() {
    const { name, status, code, kind, message, retryable, retryAfterSeconds, param } = this;
    return { name, status, code, kind, message, retryable, retryAfterSeconds, param };
  }
}

function kindOf(status: number, code: string): UpstreamErrorKind {
  if (code === 'invalid_response') return 'invalid_response';
  // Without an answer, only our own transport failures have a class; anything else is a bad call of ours.
  if (status === 0) return KIND_BY_CODE[code] ?? 'invalid_request';
  if (KIND_BY_STATUS[status]) return KIND_BY_STATUS[status];
  return status >= 500 ? 'server' : 'invalid_request';
}

const isRetryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;
