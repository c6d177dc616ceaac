// A fake of the Gemini API's `models/{model}:generateContent` for Gemini image models: what it checks
// is the API reference's request shape (the schema below accepts the documented bodies in
// examples/google, camelCase or snake_case as the API does), what it answers the response's fields,
// errors in google.rpc.Status form included. Pictures come back inline as base64 (Gemini gives no URLs),
// at the one size Gemini makes for the aspect ratio asked.
import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { z } from 'zod';
import { fakeEdit, fakePicture, sizeOf, startFake, wire, WireError, type FakeContext, type FakeFault, type ProviderFake } from './harness';

/** Gemini 3 image models' size at 1K for each ratio (gemini-3.1-flash-image also takes the four long ones). */
const SIZES_1K: Record<string, [number, number]> = {
  '1:1': [1024, 1024],
  '2:3': [848, 1264],
  '3:2': [1264, 848],
  '3:4': [896, 1200],
  '4:3': [1200, 896],
  '4:5': [928, 1152],
  '5:4': [1152, 928],
  '9:16': [768, 1376],
  '16:9': [1376, 768],
  '21:9': [1584, 672],
};
const LONG_RATIOS: Record<string, [number, number]> = { '1:4': [512, 2064], '4:1': [2064, 512], '1:8': [352, 2928], '8:1': [2928, 352] };

/** The image models the API serves (Imagen and gemini-2.5-flash-image are shut down: they answer 404). */
const MODELS: Record<string, Record<string, [number, number]>> = {
  'gemini-3.1-flash-image': { ...SIZES_1K, ...LONG_RATIOS },
  'gemini-3-pro-image': SIZES_1K,
};
const RATIOS = [...Object.keys(SIZES_1K), ...Object.keys(LONG_RATIOS)] as [string, ...string[]];
const SCALE = { '1K': 1, '2K': 2, '4K': 4 } as const;

/** The API reads protobuf JSON, where `inline_data` and `inlineData` are the same field: the schema sees camelCase. */
function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), camelKeys(v)]));
}

const part = z.union([
  z.strictObject({ text: z.string() }),
  z.strictObject({ inlineData: z.strictObject({ mimeType: z.string().regex(/^\w+\/[\w.+-]+$/), data: z.string().min(1) }) }),
  z.strictObject({ fileData: z.strictObject({ mimeType: z.string().optional(), fileUri: z.string().min(1) }) }),
]);

const generationConfig = z.strictObject({
  stopSequences: z.array(z.string()),
  responseMimeType: z.string(),
  responseSchema: z.unknown(),
  responseJsonSchema: z.unknown(),
  responseModalities: z.array(z.string().regex(/^(text|image|audio)$/i, 'TEXT, IMAGE or AUDIO')),
  candidateCount: z.number().int().min(1),
  maxOutputTokens: z.number().int().min(1),
  temperature: z.number().min(0).max(2),
  topP: z.number(),
  topK: z.number().int(),
  seed: z.number().int(),
  presencePenalty: z.number(),
  frequencyPenalty: z.number(),
  thinkingConfig: z.strictObject({ includeThoughts: z.boolean(), thinkingBudget: z.number().int(), thinkingLevel: z.string() }).partial(),
  imageConfig: z.strictObject({ aspectRatio: z.enum(RATIOS), imageSize: z.enum(['1K', '2K', '4K']) }).partial(),
  mediaResolution: z.string(),
});

export const geminiGenerateContentSchema = z.preprocess(
  camelKeys,
  z.strictObject({
    contents: z.array(z.strictObject({ role: z.enum(['user', 'model']).optional(), parts: z.array(part).min(1) })).min(1),
    generationConfig: generationConfig.partial().optional(),
    safetySettings: z.array(z.strictObject({ category: z.string(), threshold: z.string() })).optional(),
    systemInstruction: z.unknown().optional(),
    tools: z.array(z.unknown()).optional(),
    toolConfig: z.unknown().optional(),
    cachedContent: z.string().optional(),
    serviceTier: z.string().optional(),
  }),
);
type GenerateContent = z.infer<typeof geminiGenerateContentSchema>;

/** google.rpc.Status, as every Google API wraps it. */
const status = (code: number, status: string, message: string, details?: unknown[]) => ({ error: { code, message, status, ...(details ? { details } : {}) } });

const invalidKey = () =>
  status(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
      metadata: { service: 'generativelanguage.googleapis.com' },
    },
    { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'en-US', message: 'API key not valid. Please pass a valid API key.' },
  ]);

/** Answers the faults Gemini answers with an error; true when it answered. Safety blocks and delays are the caller's. */
function answered(ctx: FakeContext, fault: FakeFault | undefined, model: string): boolean {
  switch (fault?.kind) {
    case 'rate_limit':
      // Google sends no Retry-After header: the wait is the RetryInfo detail's retryDelay.
      ctx.json(
        429,
        status(
          429,
          'RESOURCE_EXHAUSTED',
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
          [
            {
              '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
              violations: [
                {
                  quotaMetric: 'generativelanguage.googleapis.com/generate_content_paid_tier_requests',
                  quotaId: 'GenerateRequestsPerMinutePerProjectPerModel',
                  quotaDimensions: { location: 'global', model },
                  quotaValue: '10',
                },
              ],
            },
            {
              '@type': 'type.googleapis.com/google.rpc.Help',
              links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }],
            },
            { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${fault.retryAfter}s` },
          ],
        ),
      );
      return true;
    case 'auth':
      ctx.json(400, invalidKey());
      return true;
    case 'server_error':
      ctx.json(
        500,
        status(500, 'INTERNAL', 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'),
      );
      return true;
    default:
      return false;
  }
}

async function readPart(p: GenerateContent['contents'][number]['parts'][number]): Promise<Buffer | null> {
  if ('inlineData' in p) return Buffer.from(p.inlineData.data, 'base64');
  if (!('fileData' in p)) return null;
  const res = await fetch(p.fileData.fileUri).catch(() => null);
  if (!res?.ok) throw new WireError(`Cannot fetch content from the provided URL: ${p.fileData.fileUri}`);
  return Buffer.from(await res.arrayBuffer());
}

const usage = (prompt: string, images: number) => ({
  promptTokenCount: Math.ceil(prompt.length / 4) + 258 * images,
  candidatesTokenCount: 1120,
  totalTokenCount: Math.ceil(prompt.length / 4) + 258 * images + 1120,
  promptTokensDetails: [{ modality: 'TEXT', tokenCount: Math.ceil(prompt.length / 4) }, ...(images ? [{ modality: 'IMAGE', tokenCount: 258 * images }] : [])],
  candidatesTokensDetails: [{ modality: 'IMAGE', tokenCount: 1120 }],
});

async function generateContent(ctx: FakeContext, model: string, body: GenerateContent) {
  const sizes = MODELS[model];
  const config = body.generationConfig ?? {};
  const ratio = config.imageConfig?.aspectRatio;
  if (ratio && !sizes[ratio]) throw new WireError(`The aspect ratio ${ratio} is not supported by ${model}.`);
  const parts = body.contents.at(-1)!.parts;
  const prompt = parts.flatMap((p) => ('text' in p ? [p.text] : [])).join('\n');
  const images = (await Promise.all(parts.map(readPart))).filter((b): b is Buffer => b !== null);
  const inputs = await Promise.all(images.map((b) => sizeOf(b).catch(() => ({ width: 0, height: 0 }))));
  if (inputs.some((s) => s.width === 0))
    throw new WireError('Unable to process input image. Please retry or report in https://developers.generativeai.google/guide/troubleshooting');

  const fault = ctx.fault();
  if (answered(ctx, fault, model)) return;
  if (fault?.kind === 'slow') await sleep(fault.ms);
  const meta = { modelVersion: model, responseId: randomUUID().replace(/-/g, '').slice(0, 22) };
  if (fault?.kind === 'content_policy') {
    // Gemini refuses in two ways: the prompt itself (promptFeedback, no candidate), or the picture it made
    // (finishReason IMAGE_SAFETY). A text-only request gets the first, one with a picture the second.
    return ctx.json(
      200,
      images.length === 0
        ? { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 12, totalTokenCount: 12 }, ...meta }
        : {
            candidates: [
              {
                finishReason: 'IMAGE_SAFETY',
                finishMessage:
                  "Unable to show the generated image. The image was filtered out because it violated Google's Generative AI Prohibited Use policy. You can try rephrasing the prompt.",
                index: 0,
              },
            ],
            usageMetadata: { promptTokenCount: 270, totalTokenCount: 270 },
            ...meta,
          },
    );
  }
  const modalities = (config.responseModalities ?? ['TEXT', 'IMAGE']).map((m) => m.toUpperCase());
  if (!modalities.includes('IMAGE')) {
    return ctx.json(200, {
      candidates: [{ content: { parts: [{ text: 'Here is a description instead of a picture.' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      ...meta,
    });
  }

  // Without a ratio the picture keeps the last input's shape (at its nearest ratio), or is square.
  const last = inputs.at(-1);
  const chosen = ratio ?? (last ? nearestRatio(sizes, last.width / last.height) : '1:1');
  const scale = SCALE[config.imageConfig?.imageSize ?? '1K'];
  const [width, height] = sizes[chosen].map((side) => side * scale);
  const seed = config.seed ?? randomInt(2 ** 31);
  const png = images.length
    ? await fakeEdit(await sharp(images.at(-1)!).resize(width, height, { fit: 'fill' }).png().toBuffer(), null, 'white', prompt, seed, ctx.fake.leak)
    : await fakePicture(prompt, width, height, seed);
  // Gemini 3 image models answer JPEG.
  const jpeg = await sharp(png).jpeg({ quality: 92 }).toBuffer();
  ctx.json(200, {
    candidates: [
      { content: { parts: [{ inlineData: { mimeType: 'image/jpeg', data: jpeg.toString('base64') } }], role: 'model' }, finishReason: 'STOP', index: 0 },
    ],
    usageMetadata: usage(prompt, images.length),
    ...meta,
  });
}

function nearestRatio(sizes: Record<string, [number, number]>, aspect: number): string {
  const distance = (r: string) => Math.abs(Math.log(sizes[r][0] / sizes[r][1]) - Math.log(aspect));
  return Object.keys(sizes).reduce((best, r) => (distance(r) < distance(best) ? r : best));
}

export function startGoogleFake(): Promise<ProviderFake> {
  return startFake('google', '/v1beta', async (ctx) => {
    // The key goes in x-goog-api-key (what the SDK sends) or in ?key=.
    const key = ctx.req.headers['x-goog-api-key'] ?? ctx.url.searchParams.get('key');
    if (!key) {
      return ctx.json(
        403,
        status(
          403,
          'PERMISSION_DENIED',
          "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        ),
      );
    }
    if (key !== ctx.fake.key) return ctx.json(400, invalidKey());
    const route = /^\/v1beta\/models\/([^/:]+):(\w+)$/.exec(ctx.url.pathname);
    if (ctx.req.method !== 'POST' || !route) return ctx.json(404, status(404, 'NOT_FOUND', `Requested entity was not found: ${ctx.url.pathname}`));
    const [, model, method] = route;
    if (method !== 'generateContent' || !MODELS[model]) {
      return ctx.json(
        404,
        status(
          404,
          'NOT_FOUND',
          `models/${model} is not found for API version v1beta, or is not supported for ${method}. Call ListModels to see the list of available models and their supported methods.`,
        ),
      );
    }
    try {
      await generateContent(ctx, model, wire(geminiGenerateContentSchema, ctx.body));
    } catch (error) {
      if (!(error instanceof WireError)) throw error;
      ctx.json(400, status(400, 'INVALID_ARGUMENT', error.message));
    }
  });
}
