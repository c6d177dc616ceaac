// A fake of OpenAI's Images API (`/v1/images/generations`, `/v1/images/edits`) for GPT image models:
// what it checks is the API reference's request shape, what it answers the reference's response
// shape, errors included (examples/openai holds the documented bodies the schemas must accept).
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { z } from 'zod';
import { fakeEdit, fakePicture, sizeOf, startFake, wire, WireError, type FakeContext, type FakeFile, type ProviderFake } from './harness';

const SIZES = ['1024x1024', '1536x1024', '1024x1536', 'auto'] as const;
const MODELS = ['gpt-image-1', 'gpt-image-1-mini', 'gpt-image-1.5'] as const;

export const openaiGenerationSchema = z
  .object({
    model: z.enum(MODELS),
    prompt: z.string().min(1).max(32_000),
    n: z.number().int().min(1).max(10).optional(),
    size: z.enum(SIZES).optional(),
    quality: z.enum(['low', 'medium', 'high', 'auto']).optional(),
    background: z.enum(['transparent', 'opaque', 'auto']).optional(),
    output_format: z.enum(['png', 'jpeg', 'webp']).optional(),
    output_compression: z.number().int().min(0).max(100).optional(),
    moderation: z.enum(['low', 'auto']).optional(),
    user: z.string().optional(),
  })
  .strict();

const file = z.custom<FakeFile>((v) => typeof v === 'object' && v !== null && Buffer.isBuffer((v as FakeFile).bytes), 'a file');
const numeric = z.string().regex(/^\d+$/).transform(Number);

/** Multipart fields arrive as strings (the SDK's convertToFormData skips undefined ones). */
export const openaiEditSchema = z
  .object({
    model: z.enum(MODELS),
    prompt: z.string().min(1).max(32_000),
    image: z.union([file, z.array(file).min(1).max(16)]),
    mask: file.optional(),
    n: numeric.pipe(z.number().min(1).max(10)).optional(),
    size: z.enum(SIZES).optional(),
    quality: z.enum(['low', 'medium', 'high', 'auto']).optional(),
    background: z.enum(['transparent', 'opaque', 'auto']).optional(),
    output_format: z.enum(['png', 'jpeg', 'webp']).optional(),
    input_fidelity: z.enum(['low', 'high']).optional(),
    user: z.string().optional(),
  })
  .strict();

const openaiError = (message: string, type: string, code: string | null, param: string | null = null) => ({ error: { message, type, param, code } });

/** One queued fault, answered as OpenAI does; true when it answered. */
async function faulted(ctx: FakeContext, model: string): Promise<boolean> {
  const fault = ctx.fault();
  if (!fault) return false;
  switch (fault.kind) {
    case 'slow':
      await sleep(fault.ms);
      return false;
    case 'rate_limit':
      ctx.json(
        429,
        openaiError(
          `Rate limit reached for ${model} on images per minute (IPM): Limit 5, Used 5, Requested 1. Please try again in ${fault.retryAfter}s.`,
          'requests',
          'rate_limit_exceeded',
        ),
        {
          'retry-after': String(fault.retryAfter),
        },
      );
      return true;
    case 'content_policy':
      ctx.json(
        400,
        openaiError(
          'Your request was rejected as a result of our safety system. Your request may contain content that is not allowed by our safety system.',
          'image_generation_user_error',
          'moderation_blocked',
        ),
      );
      return true;
    case 'auth':
      ctx.json(
        401,
        openaiError(
          'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
      return true;
    case 'server_error':
      ctx.json(500, openaiError('The server had an error while processing your request. Sorry about that!', 'server_error', null));
      return true;
    default:
      // Video faults: OpenAI's images answer at once, with no task to fail.
      return false;
  }
}

const dimensions = (size: string | undefined, fallback: { width: number; height: number }) => {
  if (!size || size === 'auto') return fallback;
  const [width, height] = size.split('x').map(Number);
  return { width, height };
};

async function answer(ctx: FakeContext, images: Buffer[], size: string, background: string) {
  ctx.json(200, {
    created: Math.floor(Date.now() / 1000),
    background,
    output_format: 'png',
    quality: 'medium',
    size,
    data: images.map((png) => ({ b64_json: png.toString('base64') })),
    usage: {
      input_tokens: 50,
      input_tokens_details: { image_tokens: 0, text_tokens: 50 },
      output_tokens: 1056 * images.length,
      total_tokens: 50 + 1056 * images.length,
    },
  });
}

export function startOpenAIFake(): Promise<ProviderFake> {
  return startFake('openai', '/v1', async (ctx) => {
    if (ctx.req.headers.authorization !== `Bearer ${ctx.fake.key}`) {
      // OpenAI echoes a masked key; nothing of it is worth echoing here.
      return ctx.json(
        401,
        openaiError(
          'Incorrect API key provided: sk-***. You can find your API key at https://platform.openai.com/account/api-keys.',
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
    }
    try {
      if (ctx.req.method === 'POST' && ctx.url.pathname === '/v1/images/generations') {
        const body = wire(openaiGenerationSchema, ctx.body);
        if (await faulted(ctx, body.model)) return;
        const { width, height } = dimensions(body.size, { width: 1024, height: 1024 });
        const transparent = body.background === 'transparent';
        if (transparent && body.output_format === 'jpeg') throw new WireError('Transparent background requires output_format png or webp.');
        const images = await Promise.all(Array.from({ length: body.n ?? 1 }, (_, i) => fakePicture(body.prompt, width, height, i, transparent)));
        return answer(ctx, images, `${width}x${height}`, transparent ? 'transparent' : 'opaque');
      }
      if (ctx.req.method === 'POST' && ctx.url.pathname === '/v1/images/edits') {
        const body = wire(openaiEditSchema, ctx.body);
        if (await faulted(ctx, body.model)) return;
        const image = Array.isArray(body.image) ? body.image[0] : body.image;
        const original = await sizeOf(image.bytes);
        if (body.mask) {
          // The documented rules: a PNG with an alpha channel, the first image's dimensions.
          const meta = await sharp(body.mask.bytes).metadata();
          if (meta.format !== 'png' || !meta.hasAlpha) throw new WireError("Invalid mask: the mask must be a PNG with an alpha channel ('RGBA' or 'LA').");
          if (meta.width !== original.width || meta.height !== original.height)
            throw new WireError('Invalid mask: the mask and the image must have the same dimensions.');
        }
        const { width, height } = dimensions(body.size, original);
        // GPT image models repaint the whole picture: the answer is the edit at the size asked, with `leak` outside the mask.
        const resized = await sharp(image.bytes).resize(width, height, { fit: 'fill' }).png().toBuffer();
        const mask = body.mask ? await sharp(body.mask.bytes).resize(width, height, { fit: 'fill' }).png().toBuffer() : null;
        const edited = await fakeEdit(resized, mask, 'alpha', body.prompt, 0, ctx.fake.leak);
        return answer(ctx, [edited], `${width}x${height}`, 'opaque');
      }
      ctx.json(404, openaiError(`Invalid URL (${ctx.req.method} ${ctx.url.pathname})`, 'invalid_request_error', null));
    } catch (error) {
      if (!(error instanceof WireError)) throw error;
      ctx.json(400, openaiError(error.message, 'invalid_request_error', 'invalid_value'));
    }
  });
}
