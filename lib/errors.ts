import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { currentRequestId } from './observability/context';
import type { Dictionary } from './i18n/dictionaries/en';
import { log } from './observability/log';
import { controlCharacterIssue, controlCharacterMessage } from './text';

/** A refusal's message in the UI's dictionary (`serverErrors`): the browser words it in the reader's language. */
export type MessageKey = keyof Dictionary['serverErrors'];

/** Codes the app uses; each maps to one HTTP status. Messages are safe to show to the signed-in user. */
const STATUS = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  invalid_input: 400,
  conflict: 409,
  budget_exceeded: 402,
  /** A key's requests per minute are used up (answered with Retry-After). */
  rate_limited: 429,
  /** Nothing trusted prices the request (no service price, no operator table): refused, never run as free. */
  price_unknown: 503,
  upstream_error: 502,
  upstream_unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof STATUS;

/**
 * Why a request was refused, in the domain's words, where its code alone does not say it: Atelier's
 * API answers each in the service's terms (one mapping, `lib/api/v1.ts`), the studio by its code.
 */
export type Reason =
  | 'notAnImage'
  | 'imageFormat'
  | 'imageTooLarge'
  | 'imageTooHeavy'
  | 'maskSize'
  | 'outputSize'
  | 'unknownModel'
  | 'keyMissing'
  | 'keyInvalid'
  | 'keyMakerRole'
  | 'rateLimited'
  | 'missingField'
  | 'mediaType'
  | 'modelNotAllowed'
  | 'taskNotFound'
  | 'fileNotFound'
  | 'fileUnavailable'
  | 'noEndpoint'
  | 'pathEncoding'
  | 'invalidJson'
  | 'controlCharacter';

export interface AppErrorOptions {
  /** A stable id of the message (e.g. `lastOwner`) that the UI translates; the English text is the fallback. */
  key?: MessageKey;
  /** Numbers and names the translated message needs ({left}, {limit}, ...): public, like the message. */
  values?: Record<string, string | number>;
  /** Which input fields were refused, and why (a message or a dictionary key). */
  fields?: Record<string, string>;
  reason?: Reason;
  /** The request field at fault (the API's `param`). */
  param?: string | null;
  /** A refusal in the service's own terms: its answer, passed on, or its validator's (`refusalOf`). */
  service?: { status: number; code: string };
  /** Which monthly budget the request would pass. */
  budget?: 'team' | 'member' | 'key';
  /** Seconds to wait before trying again. */
  retryAfter?: number;
}

export class AppError extends Error {
  readonly key?: MessageKey;
  readonly values?: Record<string, string | number>;
  readonly fields?: Record<string, string>;
  readonly reason?: Reason;
  readonly param?: string | null;
  readonly service?: { status: number; code: string };
  readonly budget?: 'team' | 'member' | 'key';
  readonly retryAfter?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    Object.assign(this, options);
  }

  get status(): number {
    return STATUS[this.code];
  }
}

/**
 * Turns anything thrown into what a browser may see. Unknown errors (database, bugs) are logged
 * with a request id and shown only as that id, never raw.
 */
export interface PublicError {
  code: ErrorCode;
  message: string;
  status: number;
  key?: MessageKey;
  values?: Record<string, string | number>;
  /** Which input fields were refused, and why (a message or a dictionary key). */
  fields?: Record<string, string>;
  requestId?: string;
}

export function publicError(error: unknown): PublicError {
  if (error instanceof AppError) {
    const { fields } = error;
    return {
      code: error.code,
      message: error.message,
      status: error.status,
      ...(error.key ? { key: error.key } : {}),
      ...(error.values ? { values: error.values } : {}),
      ...(fields ? { fields } : {}),
    };
  }
  // The reference a user can quote is the request's own id, which every log line of it carries.
  const requestId = currentRequestId() ?? randomUUID().slice(0, 8);
  log().error({ err: error }, 'unexpected error');
  return { code: 'internal', message: `Something went wrong (ref ${requestId}).`, status: 500, requestId };
}

export function errorResponse(error: unknown): Response {
  const { status, ...body } = publicError(error);
  return Response.json({ error: body }, { status });
}

/**
 * A refused input (a zod error) as one AppError: each field's first message, by `fieldOf` (the
 * dotted path for actions, the top-level name for routes). A control character (lib/text.ts) is
 * named with its field, so the UI says which field holds it in the reader's language.
 */
export function invalidInput(
  error: z.ZodError,
  {
    fieldOf = (path) => path.join('.') || '_',
    message = 'Please check the highlighted fields.',
  }: { fieldOf?: (path: PropertyKey[]) => string; message?: string } = {},
): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[fieldOf(issue.path)] ??= issue.message;
  const control = controlCharacterIssue(error.issues);
  if (control) {
    const field = fieldOf(control.path);
    return new AppError('invalid_input', controlCharacterMessage(field), {
      key: 'controlCharacters',
      values: { field },
      fields,
    });
  }
  return new AppError('invalid_input', message, { fields });
}
