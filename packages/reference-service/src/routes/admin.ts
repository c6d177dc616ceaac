// /v1/admin/*: key minting for the app's per-user keys, and fault knobs for tests. Guarded by SERVICE_ADMIN_TOKEN.
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MODEL_LIST_KNOBS } from '../config';
import { leakyModelSchema, parseLeakyModels } from '../leaky-models';
import type { ServiceContext } from '../context';
import { ServiceError, invalid } from '../errors';
import { readCapped } from '../request-body';

export function requireAdmin(ctx: ServiceContext, request: Request): void {
  const token = ctx.config.adminToken;
  if (!token) throw new ServiceError(403, 'admin_disabled', 'The admin API is disabled: set SERVICE_ADMIN_TOKEN to enable it.');
  const given = Buffer.from(request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ServiceError(401, 'invalid_api_key', 'The admin token is not valid.');
  }
}

async function optionalJson(request: Request): Promise<unknown> {
  const text = (await readCapped(request, 100_000)).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('invalid_json', 'The request body is not valid JSON.');
  }
}

const keyRequest = z.object({ name: z.string().max(200).nullish() });

export async function mintKey(ctx: ServiceContext, request: Request): Promise<Response> {
  const parsed = keyRequest.safeParse(await optionalJson(request));
  if (!parsed.success) throw invalid('invalid_request', 'Expected {"name"?: string}.');
  return Response.json({ key: await ctx.keys.mint(parsed.data.name ?? null) }, { status: 201 });
}

const knobsSchema = z.object({
  latencyMs: z.record(z.string(), z.number().int().min(0).max(600_000)).optional(),
  heldModels: z.array(z.string()).optional(),
  failModels: z.array(z.string()).optional(),
  timeoutModels: z.array(z.string()).optional(),
  dropWebhooks: z.boolean().optional(),
  fileLatencyMs: z.number().int().min(0).max(600_000).optional(),
  modelList: z.enum(MODEL_LIST_KNOBS).optional(),
  /** As SERVICE_LEAKY_MODELS (`model=fraction[:WxH],…`), or as GET shows it. */
  leakyModels: z.preprocess(readLeakyModels, z.record(z.string(), leakyModelSchema)).optional(),
  deadlineMs: z.strictObject({ edit: z.number().int().min(1).max(600_000).optional(), generation: z.number().int().min(1).max(600_000).optional() }).optional(),
});

function readLeakyModels(value: unknown, ctx: z.RefinementCtx) {
  if (typeof value !== 'string') return value;
  try {
    return parseLeakyModels(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
}

const KNOBS_SHAPE = 'Expected {latencyMs?, heldModels?, failModels?, timeoutModels?, dropWebhooks?, fileLatencyMs?, modelList?, leakyModels?, deadlineMs?}.';

/** GET shows the knobs; PUT replaces the ones given. */
export async function knobs(ctx: ServiceContext, request: Request): Promise<Response> {
  if (request.method === 'PUT') {
    const parsed = knobsSchema.safeParse(await optionalJson(request));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // A leakyModels string says what it could not read; anything else gets the expected shape.
      const message = issue?.path[0] === 'leakyModels' && issue.code === 'custom' ? issue.message : KNOBS_SHAPE;
      throw invalid('invalid_request', message);
    }
    Object.assign(ctx.config.knobs, parsed.data);
  }
  return Response.json(ctx.config.knobs);
}
