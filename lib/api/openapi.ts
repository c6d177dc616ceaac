import { z } from 'zod';
import { editFieldsSchema } from '../edits/run-edit';
import { generationsRequestSchema } from './generations';
import { videosRequestSchema } from './videos';

// GET /api/v1/openapi.json: Atelier's API as OpenAPI 3.1, its request bodies generated from the
// very zod schemas that validate them (the service's, with Atelier's additions), its answers from
// the schemas below. The differential spec validates every real answer against this document.

const usage = z.object({ cost: z.number(), cost_unit: z.string() });
const failure = z.object({ message: z.string(), code: z.string() });
const image = z.object({ url: z.string().optional(), b64_json: z.string().optional(), revised_prompt: z.string().optional(), seed: z.int().optional() });

export const errorAnswer = z.object({
  error: z.object({ message: z.string(), type: z.string(), code: z.string(), param: z.string().nullable() }),
});

export const batchAnswer = z.object({
  id: z.string(),
  object: z.literal('batch'),
  created: z.int(),
  status: z.string(),
  results: z.array(
    z.object({
      model: z.string(),
      index: z.int(),
      seed: z.int().optional(),
      data: z.array(image),
      usage,
      error: failure.optional(),
    }),
  ),
  total_cost: z.object({ amount: z.number(), currency: z.string() }),
  /** Atelier's addition: every model's images in order (OpenAI SDKs read `data[0].url`). */
  data: z.array(image),
});

export const videoTaskAnswer = z.object({
  id: z.string(),
  object: z.literal('video_generation'),
  status: z.enum(['processing', 'completed', 'failed']),
  progress: z.number(),
  estimated_remaining: z.number().nullable(),
  /** On the creation answer only. */
  estimated_time: z.number().optional(),
  created: z.int(),
  model: z.string(),
  params: z.object({ prompt: z.string(), duration: z.number(), resolution: z.string(), audio: z.boolean(), aspect_ratio: z.string() }),
  video_url: z.string().optional(),
  /** When `video_url` stops answering (Unix seconds), fixed when the video is done. */
  expires_at: z.int().optional(),
  usage: usage.optional(),
  error: failure.optional(),
});

export const editAnswer = z.object({
  id: z.string(),
  object: z.literal('image'),
  status: z.literal('completed'),
  data: z.array(image),
  usage,
  /** Atelier's addition, for a masked edit: the share of pixels outside the mask the model changed, and whether they were put back. */
  mask_guard: z.object({ changed_fraction: z.number().min(0).max(1), restored: z.boolean() }).optional(),
});

/** A request held for an owner's or admin's approval (a member's key over the team's limit): 202, then polled at its status_url. */
export const approvalAnswer = z.object({
  id: z.string(),
  object: z.literal('approval_request'),
  status: z.enum(['awaiting_approval', 'approved', 'running', 'completed', 'refused', 'declined', 'cancelled', 'expired', 'void']),
  operation: z.enum(['images.generations', 'images.edits', 'videos.generations']),
  created: z.int(),
  /** Unix seconds: undecided by then, it expires. */
  expires_at: z.int(),
  decided_at: z.int().nullable().optional(),
  estimate: z.object({ amount: z.number(), currency: z.string() }),
  /** On the 202 only: the team's limit it is above. */
  approval_above: z.object({ amount: z.number(), currency: z.string() }).optional(),
  /** On the 202 only: where to poll it (also the Location header). */
  status_url: z.string().optional(),
  /** Why it was declined (the decider's words), refused, or became void. */
  reason: z.string().nullable(),
  /** Once it ran: a video's task record, or the images (each with its file URL) and their cost. */
  result: z.looseObject({ id: z.string(), object: z.string(), status: z.string() }).nullable(),
});

/** A model as the service lists it; where it runs and what it can do when the service says (decisions.md row 18). */
const listedModel = z.looseObject({
  id: z.string(),
  object: z.literal('model'),
  provider: z
    .object({ id: z.string(), name: z.string() })
    .optional()
    .describe('Who runs it: `local` for the reference engines, else a provider (openai, dashscope, fal, replicate, google, ark, kling)'),
  native_sizes: z
    .array(z.string())
    .nullable()
    .optional()
    .describe('The sizes it renders; others are rendered at the nearest and resized (decisions.md row 18)'),
  transparency: z.boolean().optional(),
  seed: z.boolean().optional().describe('Whether the same seed gives the same file'),
  mask: z.boolean().optional().describe('Edit models: whether it takes a mask'),
  edit_kinds: z.array(z.string()).optional().describe('Edit models: the kinds of edit it does'),
  default_duration: z.number().int().optional().describe('Video models: the seconds made (and billed) when a request names no duration'),
  aspect_ratios: z.array(z.string()).optional().describe('Video models: the aspect ratios it makes'),
  audio: z.boolean().optional().describe('Video models: whether it makes sound'),
});
export const modelsAnswer = z.object({ object: z.literal('list'), data: z.array(listedModel) });

const json = (schema: z.ZodType, io: 'input' | 'output' = 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
};
const answer = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema: json(schema) } } });
const refusals = { default: answer('A refusal, in the service’s error shape (docs/api.md, Refusals).', errorAnswer) };
const jsonBody = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema: json(schema, 'input') } } });
const editFields = json(editFieldsSchema, 'input');
const held = answer('Held for an owner’s or admin’s approval (docs/api.md): nothing run yet; poll status_url.', approvalAnswer);

/** The document, for a server at `base` (the API's own URL, …/api/v1). */
export function openApiDocument(base: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Atelier API',
      version: '1',
      description: 'The image/video service’s interface, answered by Atelier within a team’s budgets (docs/api.md).',
    },
    servers: [{ url: base }],
    security: [{ teamKey: [] }],
    components: { securitySchemes: { teamKey: { type: 'http', scheme: 'bearer', description: 'A team API key, atl_…' } } },
    paths: {
      '/models': { get: { summary: 'The models this key may use, with their prices', responses: { 200: answer('The list.', modelsAnswer), ...refusals } } },
      '/images/generations': {
        post: {
          summary: 'One prompt to up to four models',
          requestBody: jsonBody(generationsRequestSchema),
          responses: { 200: answer('The batch.', batchAnswer), 202: held, ...refusals },
        },
      },
      '/images/edits': {
        post: {
          summary: 'An image edit (multipart: image, prompt, optional mask)',
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  ...editFields,
                  properties: {
                    ...(editFields.properties as object),
                    image: { type: 'string', contentMediaType: 'application/octet-stream' },
                    mask: { type: 'string', contentMediaType: 'application/octet-stream' },
                  },
                  required: ['image', 'prompt'],
                },
              },
            },
          },
          responses: { 200: answer('The edited image.', editAnswer), 202: held, ...refusals },
        },
      },
      '/videos/generations': {
        post: {
          summary: 'Start a video task',
          requestBody: jsonBody(videosRequestSchema),
          responses: { 200: answer('The task record.', videoTaskAnswer), 202: held, ...refusals },
        },
      },
      '/approvals/{id}': {
        get: {
          summary: 'A request held for approval, as it stands (and what it made, once it ran)',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: answer('The request.', approvalAnswer), ...refusals },
        },
      },
      '/videos/generations/{id}': {
        get: {
          summary: 'A video task record',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: answer('The task record.', videoTaskAnswer), ...refusals },
        },
      },
      '/files/{file}': {
        get: {
          summary: 'A result file, by the signed URL an answer gave (no key needed)',
          security: [],
          parameters: [
            { name: 'file', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'expires', in: 'query', required: true, schema: { type: 'integer' } },
            { name: 'signature', in: 'query', required: true, schema: { type: 'string' } },
          ],
          responses: { 200: { description: 'The file (PNG, JPEG, WebP or MP4).' }, ...refusals },
        },
      },
    },
  };
}
