import type { z } from 'zod';
import { errorFromResponse, redact } from './error-response';
import { UpstreamError } from './errors';
import { currentRequestId } from '../observability/context';

export interface Transport {
  baseUrl: string;
  /** Only ever written into the Authorization header. */
  apiKey: string;
  fetch: typeof fetch;
}

export interface UpstreamRequest<S extends z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  /** FormData goes as multipart, anything else as JSON. */
  body?: FormData | Record<string, unknown>;
  timeoutMs: number;
  signal?: AbortSignal;
  schema: S;
}

/** One request: our own deadline and the caller's cancellation, then status, JSON and shape checks. */
export async function send<S extends z.ZodType>(t: Transport, req: UpstreamRequest<S>): Promise<z.output<S>> {
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const headers: Record<string, string> = { authorization: `Bearer ${t.apiKey}`, accept: 'application/json' };
  const requestId = currentRequestId();
  if (requestId) headers['x-request-id'] = requestId;
  let body: BodyInit | undefined;
  if (req.body instanceof FormData) body = req.body;
  else if (req.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  let status: number;
  let text: string;
  try {
    const res = await t.fetch(`${t.baseUrl.replace(/\/+$/, '')}${req.path}`, { method: req.method, headers, body, signal });
    status = res.status;
    // The deadline covers reading the body too: a service can stall after the headers.
    text = await res.text();
    if (!res.ok) throw errorFromResponse(status, res.headers, text, t.apiKey);
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    throw transportFailure(error, req, timeout);
  }
  return parseBody(status, text, req.schema, t.apiKey);
}

function transportFailure(error: unknown, req: UpstreamRequest<z.ZodType>, timeout: AbortSignal): UpstreamError {
  if (req.signal?.aborted) return new UpstreamError({ status: 0, code: 'cancelled', message: 'The request was cancelled.' });
  if (timeout.aborted) {
    const seconds = Math.round(req.timeoutMs / 100) / 10;
    return new UpstreamError({ status: 0, code: 'timeout', message: `The service did not answer within ${seconds} s.` });
  }
  // Only the system error code (ECONNREFUSED, ENOTFOUND, ...) is kept: never the error object itself.
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  const detail = typeof cause === 'string' && /^[A-Z0-9_]+$/.test(cause) ? ` (${cause})` : '';
  return new UpstreamError({ status: 0, code: 'network_error', message: `The service could not be reached${detail}.` });
}

function parseBody<S extends z.ZodType>(status: number, text: string, schema: S, secret: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UpstreamError({ status, code: 'invalid_response', message: 'The service answered with a body that is not JSON.' });
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
  const message = `The service answered with an unexpected shape: ${issues.join('; ')}`;
  throw new UpstreamError({ status, code: 'invalid_response', message: redact(message, secret) });
}
