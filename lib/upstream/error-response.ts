import { z } from 'zod';
import { UpstreamError } from './errors';

const text = z.string().trim().min(1);
const code = z.union([z.string().trim().min(1), z.number()]).transform(String);
const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/**
 * Every error body of decisions row 1 at once: `{"error":{message,type,code,param}}`, `{"message"}`,
 * `{"error":"text"}`, `{"code","msg"}` (and `{"detail"}`, which common frameworks answer with).
 */
const errorBodySchema = z.object({
  error: loose(z.union([text, z.object({ message: loose(text), code: loose(code), type: loose(text), param: loose(text) })])),
  message: loose(text),
  msg: loose(text),
  detail: loose(text),
  code: loose(code),
});

/** Used as the code when the body names none: the reference service's type for that status. */
const TYPE_BY_STATUS: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limit_error',
  503: 'overloaded_error',
  504: 'timeout_error',
};

/** Builds the error for a non-2xx answer; the status decides the class, the body only adds detail. */
export function errorFromResponse(status: number, headers: Headers, body: string, secret: string): UpstreamError {
  const parsed = errorBodySchema.safeParse(safeJson(body));
  const fields = parsed.success ? parsed.data : {};
  const nested = typeof fields.error === 'object' ? fields.error : undefined;
  const message = nested?.message ?? (typeof fields.error === 'string' ? fields.error : undefined) ?? fields.message ?? fields.msg ?? fields.detail;
  return new UpstreamError({
    status,
    code: nested?.code ?? fields.code ?? nested?.type ?? TYPE_BY_STATUS[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error'),
    message: redact(message ?? plainTextMessage(status, body), secret),
    retryAfterSeconds: parseRetryAfter(headers.get('retry-after')),
    param: nested?.param ? redact(nested.param, secret) : undefined,
  });
}

/** A short plain-text body (a proxy's "upstream connect error") says more than the status; an HTML page does not. */
function plainTextMessage(status: number, body: string): string {
  const plain = body.trim();
  const useful = plain !== '' && plain.length <= 200 && !plain.startsWith('<') && !plain.startsWith('{');
  return useful ? `The service answered HTTP ${status}: ${plain}` : `The service answered HTTP ${status}.`;
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** A service that echoes request headers into an error must not carry the key into our logs. */
export function redact(message: string, secret: string): string {
  return secret ? message.split(secret).join('[redacted]') : message;
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
