import { z } from 'zod';

// The service's request bodies as zod schemas, with the refusal each failure gets (status, the
// code of decisions.md row 2, the param and a sentence): the one validator, used by the service's
// routes and by every gateway in front of it (Atelier's /api/v1 imports it as
// `@atelier/reference-service/requests`), so that both answer a request alike. A null field means
// what an absent one means: the default. Checks that need the catalog (a model exists, a video
// model's durations) and the webhook address stay with their route.

export const IMAGE_SIZES = ['1024x1024', '2048x2048', '4096x4096'] as const;
export const RESOLUTIONS = ['480p', '720p', '1080p'] as const;
export const ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
export const BACKGROUNDS = ['transparent', 'opaque', 'auto'] as const;
export const RESPONSE_FORMATS = ['url', 'b64_json'] as const;
export const MAX_MODELS = 4;
export const MAX_N = 4;
/** Seeds are unsigned 32-bit integers. */
export const MAX_SEED = 4_294_967_295;
/** Characters (code points, in any script) a prompt may have (decisions.md row 15). */
export const MAX_PROMPT_CHARS = 32_000;
/** The video duration when none is asked for, in seconds. */
export const DEFAULT_DURATION = 5;

/** A field that may be absent or null: either way it takes the default (or stays unset). */
export const orDefault = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === null ? undefined : value), schema);

/** A prompt: a non-blank string of at most 32,000 characters (a gateway may pipe its own rules into it). */
export const promptSchema = z
  .string()
  .refine((text) => text.trim() !== '', 'The prompt is empty.')
  .refine((text) => [...text].length <= MAX_PROMPT_CHARS, { message: `The prompt is longer than ${MAX_PROMPT_CHARS} characters.`, params: { tooLong: true } });
export const modelNameSchema = z.string().min(1);
/** A seed (decisions.md rows 12 and 17). */
export const seedSchema = z.int().min(0).max(MAX_SEED);
/**
 * A seed sent as a multipart form field (an edit's, row 17): the digits of an integer, read as
 * it; blank or absent leaves it unset. Anything else ("-1", "1.5", "7 seeds") stays text and is refused.
 */
export const formSeedSchema = z.preprocess(
  (value) => (typeof value !== 'string' ? value : value.trim() === '' ? undefined : /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  seedSchema.optional(),
);
const prompt = promptSchema;
const modelName = modelNameSchema;

export const generationRequestSchema = z.object({
  model: z.union([modelName, z.array(modelName).min(1).max(MAX_MODELS)]),
  prompt,
  size: orDefault(z.enum(IMAGE_SIZES).default('1024x1024')),
  n: orDefault(z.int().min(1).max(MAX_N).default(1)),
  response_format: orDefault(z.enum(RESPONSE_FORMATS).default('url')),
  background: orDefault(z.enum(BACKGROUNDS).default('opaque')),
  /** Unset: the service draws one. */
  seed: orDefault(seedSchema.optional()),
});
export type GenerationRequest = z.infer<typeof generationRequestSchema>;

export const videoRequestSchema = z.object({
  model: modelName,
  prompt,
  /** Which durations a model takes is its catalog's to say (its route checks); absent: the model's own default. */
  duration: orDefault(z.number().optional()),
  resolution: orDefault(z.enum(RESOLUTIONS).default('720p')),
  audio: orDefault(z.boolean().default(false)),
  aspect_ratio: orDefault(z.enum(ASPECT_RATIOS).default('16:9')),
  /** Checked (and, for a host name, resolved) by its route. */
  webhook_url: orDefault(z.string().optional()),
});
export type VideoRequest = z.infer<typeof videoRequestSchema>;

/** An edit's text fields (multipart, section 4.1); the files and the size are its route's to check. */
export const editFieldsSchema = z.object({
  prompt,
  /** Unset: the service derives one from the inputs (decisions.md row 17). */
  seed: formSeedSchema,
});

/** How the service refuses a request. */
export interface Refusal {
  status: number;
  code: string;
  param: string | null;
  message: string;
}

/** The code and sentence of a field's refusal, when it is present but not valid. */
const FIELDS: Record<string, { code: string; message: string }> = {
  model: { code: 'missing_field', message: 'model must be a model name or an array of up to 4.' },
  prompt: { code: 'missing_field', message: 'prompt is required.' },
  size: { code: 'invalid_size', message: `size must be one of ${IMAGE_SIZES.join(', ')}.` },
  n: { code: 'invalid_n', message: `n must be an integer from 1 to ${MAX_N}.` },
  response_format: { code: 'invalid_response_format', message: `response_format must be one of ${RESPONSE_FORMATS.join(', ')}.` },
  background: { code: 'invalid_background', message: `background must be one of ${BACKGROUNDS.join(', ')}.` },
  seed: { code: 'invalid_seed', message: `seed must be an integer from 0 to ${MAX_SEED}.` },
  duration: { code: 'invalid_duration', message: 'duration must be a number of seconds.' },
  resolution: { code: 'invalid_resolution', message: `resolution must be one of ${RESOLUTIONS.join(', ')}.` },
  audio: { code: 'invalid_audio', message: 'audio must be true or false.' },
  aspect_ratio: { code: 'invalid_aspect_ratio', message: `aspect_ratio must be one of ${ASPECT_RATIOS.join(', ')}.` },
  webhook_url: { code: 'invalid_webhook_url', message: 'webhook_url must be an http(s) URL.' },
};

const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** Whether a zod issue (or one of a union's branches) is one of these codes. */
function hasCode(issue: z.core.$ZodIssue, test: (issue: z.core.$ZodIssue) => boolean): boolean {
  return test(issue) || (issue.code === 'invalid_union' && issue.errors.flat().some((branch) => hasCode(branch, test)));
}

/** The refusal of a body one of the schemas above refused: its first failing field, as the service words it. */
export function refusalOf(error: z.ZodError, body: Record<string, unknown>): Refusal {
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? '');
  const known = FIELDS[field];
  const value = body[field];
  // Absent, null, blank or empty, where that is not the default: missing (a field only a gateway knows too).
  if (issue && field !== '' && isMissing(value) && (!known || known.code === 'missing_field'))
    return { status: 400, code: 'missing_field', param: field, message: `${field} is required.` };
  if (!issue || !known) return { status: 400, code: 'invalid_request', param: field || null, message: issue?.message ?? 'The request is not valid.' };
  if (field === 'model' && Array.isArray(value) && value.length > MAX_MODELS) {
    return { status: 400, code: 'too_many_models', param: 'model', message: `At most ${MAX_MODELS} models can be compared in one request.` };
  }
  if (field === 'prompt' && typeof value === 'string' && hasCode(issue, (i) => i.code === 'too_big' || (i.code === 'custom' && Boolean(i.params?.tooLong)))) {
    return { status: 400, code: 'prompt_too_long', param: 'prompt', message: `prompt is longer than ${MAX_PROMPT_CHARS} characters.` };
  }
  // A gateway's own check of a field (its `params.own`) says what it found in its own words.
  const own = issue.code === 'custom' && issue.params?.own === true;
  return { status: 400, code: known.code, param: field, message: own ? `${field} ${issue.message}` : known.message };
}

/** A body that is not a JSON object, as the service refuses it. */
export const notAnObject: Refusal = { status: 400, code: 'invalid_json', param: null, message: 'The request body must be a JSON object.' };

/** Parses a JSON body with a schema: the request, or the refusal the service gives it. */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown): { ok: true; data: z.infer<S> } | { ok: false; refusal: Refusal } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, refusal: notAnObject };
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, refusal: refusalOf(parsed.error, body as Record<string, unknown>) };
}
