import { z } from 'zod';
import { apiCaller, type ApiCaller } from '../api-keys/authenticate';
import { takeRequest } from '../api-keys/rate';
import { AppError, publicError } from '../errors';
import { withSchemas, type EntrySchemas } from '../http/entry-schemas';
import { notAnObject, refusalOf } from '@atelier/reference-service/requests';
import { withRequestScope } from '../request-log/log';
import { controlCharacterIssue } from '../text';

// Atelier's API (/api/v1) speaks the service's interface: the same bodies, and refusals in the
// service's error shape (decisions.md row 1), so that a client of the service switches by changing
// its base URL and key.

const TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'budget_exceeded_error',
  403: 'permission_error',
  404: 'not_found_error',
  409: 'invalid_request_error',
  413: 'request_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limit_error',
  500: 'api_error',
  502: 'api_error',
  503: 'overloaded_error',
  504: 'timeout_error',
};

/** The service's error body for anything thrown; a refusal the service itself made keeps its status and code. */
export function v1ErrorResponse(error: unknown): Response {
  const shown = publicError(error);
  const details = error instanceof AppError ? error.details : {};
  const upstreamStatus =
    typeof details.upstreamStatus === 'number' && details.upstreamStatus >= 400 && details.upstreamStatus < 500 ? details.upstreamStatus : null;
  const status = (typeof details.apiStatus === 'number' ? details.apiStatus : null) ?? upstreamStatus ?? shown.status;
  const code = String(details.apiCode ?? details.upstreamCode ?? shown.code);
  const param = (details.param as string | undefined) ?? (details.budget as string | undefined) ?? null;
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (typeof details.retryAfter === 'number') headers['retry-after'] = String(details.retryAfter);
  return Response.json({ error: { message: shown.message, type: TYPES[status] ?? 'api_error', code, param } }, { status, headers });
}

/**
 * A body the schema refused, as the service refuses it (its own `refusalOf`: one validator), but a
 * control character in a text field first: Atelier refuses those (lib/text.ts), the service does not.
 */
export function invalidBody(error: z.ZodError, body: unknown): AppError {
  const control = controlCharacterIssue(error.issues);
  if (control) {
    const name = String(control.path[0] ?? 'body');
    return new AppError('invalid_input', `${name}: holds a control character (such as NUL) that text may not contain.`, {
      apiCode: 'invalid_input',
      param: name,
    });
  }
  const refusal = refusalOf(error, typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {});
  return new AppError('invalid_input', refusal.message, { apiStatus: refusal.status, apiCode: refusal.code, param: refusal.param });
}

/** Refuses a model the key may not use (403), before anything is reserved or sent. */
export function checkModels(caller: ApiCaller, models: string[]): void {
  const allowed = caller.key.models;
  const outside = allowed.length > 0 ? models.filter((m) => !allowed.includes(m)) : [];
  if (outside.length > 0) {
    throw new AppError('forbidden', `This key may not use ${outside.join(', ')}.`, { apiCode: 'model_not_allowed', param: 'model' });
  }
}

/** What an API route's handler is given: its path params and its JSON body, parsed. */
export interface ApiInput<B> {
  params: Record<string, string>;
  body: B;
}

/**
 * An API route: the bearer key first (401), then its requests-per-minute (429), then the JSON body
 * parsed with the service's schema (if it takes one), then the handler; every refusal in the
 * service's error shape.
 */
export function withApiKey<S extends EntrySchemas>(
  schemas: S,
  handler: (caller: ApiCaller, input: ApiInput<S['body'] extends z.ZodType ? z.infer<S['body']> : undefined>, request: Request) => Promise<Response>,
) {
  return withSchemas(async (request: Request, params: Record<string, string> = {}): Promise<Response> => {
    try {
      return await withRequestScope(async () => {
        const caller = await apiCaller(request);
        await takeRequest(caller.key);
        const body = schemas.body ? await jsonBody(request, schemas.body) : undefined;
        return await handler(caller, { params, body: body as never }, request);
      });
    } catch (error) {
      return v1ErrorResponse(error);
    }
  }, schemas);
}

/** A JSON body parsed with the service's schema, or the service's 400 (415 for another content type). */
async function jsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const type = request.headers.get('content-type')?.split(';')[0].trim().toLowerCase();
  if (type !== 'application/json')
    throw new AppError('invalid_input', 'Send the body as application/json.', { apiStatus: 415, apiCode: 'unsupported_media_type', param: null });
  const json: unknown = await request.json().catch(() => {
    throw new AppError('invalid_input', 'The request body is not valid JSON.', { apiCode: 'invalid_json' });
  });
  // As the service: anything but an object (null, a list, a number) is not a request body.
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new AppError('invalid_input', notAnObject.message, { apiCode: notAnObject.code, param: null });
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalidBody(parsed.error, json);
  return parsed.data;
}
