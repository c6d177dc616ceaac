import { z } from 'zod';
import { apiCaller, type ApiCaller } from '../api-keys/authenticate';
import { takeRequest } from '../api-keys/rate';
import { AppError, publicError, type Reason } from '../errors';
import { withSchemas, type EntrySchemas } from '../http/entry-schemas';
import { notAnObject, refusalOf } from '@atelier/reference-service/requests';
import { withRequestScope } from '../request-log/log';
import { controlCharacterIssue, controlCharacterMessage } from '../text';

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

/**
 * The one mapping from the domain's refusals to the service's interface (decisions.md row 2): each
 * reason's code there, and its status where the AppError's code does not give it.
 */
const CONTRACT: Record<Reason, { code: string; status?: number }> = {
  notAnImage: { code: 'unsupported_image_format', status: 415 },
  imageFormat: { code: 'unsupported_image_format' },
  imageTooLarge: { code: 'image_too_large' },
  imageTooHeavy: { code: 'image_too_large', status: 413 },
  maskSize: { code: 'mask_size_mismatch' },
  outputSize: { code: 'invalid_size' },
  unknownModel: { code: 'model_not_found', status: 404 },
  keyMissing: { code: 'missing_api_key' },
  keyInvalid: { code: 'invalid_api_key' },
  keyMakerRole: { code: 'key_maker_role' },
  rateLimited: { code: 'rate_limit_exceeded' },
  missingField: { code: 'missing_field' },
  mediaType: { code: 'unsupported_media_type', status: 415 },
  modelNotAllowed: { code: 'model_not_allowed' },
  taskNotFound: { code: 'task_not_found' },
  fileNotFound: { code: 'file_not_found' },
  fileUnavailable: { code: 'file_unavailable' },
  noEndpoint: { code: 'not_found' },
  pathEncoding: { code: 'invalid_request' },
  invalidJson: { code: 'invalid_json' },
  controlCharacter: { code: 'invalid_input' },
};

/**
 * The service's error body for anything thrown: a reason in the contract's terms; a refusal the
 * service itself made (or its validator) with its status and code; else the AppError's own.
 */
export function v1ErrorResponse(error: unknown): Response {
  const shown = publicError(error);
  const known = error instanceof AppError ? error : null;
  const contract = known?.reason ? CONTRACT[known.reason] : undefined;
  const service = known?.service && known.service.status >= 400 && known.service.status < 500 ? known.service : undefined;
  const status = contract?.status ?? service?.status ?? shown.status;
  const code = contract?.code ?? known?.service?.code ?? shown.code;
  const param = known?.param ?? known?.budget ?? null;
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (known?.retryAfter !== undefined) headers['retry-after'] = String(known.retryAfter);
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
    return new AppError('invalid_input', controlCharacterMessage(name), { reason: 'controlCharacter', param: name });
  }
  const refusal = refusalOf(error, typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {});
  return new AppError('invalid_input', refusal.message, { service: { status: refusal.status, code: refusal.code }, param: refusal.param });
}

/** Refuses a model the key may not use (403), before anything is reserved or sent. */
export function checkModels(caller: ApiCaller, models: string[]): void {
  const allowed = caller.key.models;
  const outside = allowed.length > 0 ? models.filter((m) => !allowed.includes(m)) : [];
  if (outside.length > 0) {
    throw new AppError('forbidden', `This key may not use ${outside.join(', ')}.`, { reason: 'modelNotAllowed', param: 'model' });
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
  if (type !== 'application/json') throw new AppError('invalid_input', 'Send the body as application/json.', { reason: 'mediaType', param: null });
  const json: unknown = await request.json().catch(() => {
    throw new AppError('invalid_input', 'The request body is not valid JSON.', { reason: 'invalidJson' });
  });
  // As the service: anything but an object (null, a list, a number) is not a request body.
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new AppError('invalid_input', notAnObject.message, { service: notAnObject, param: null });
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalidBody(parsed.error, json);
  return parsed.data;
}
