// A fake of fal's synchronous model endpoints (`POST https://fal.run/{app}`) for FLUX.1 [schnell] and
// FLUX.1 [pro] Fill: the request shapes are the model pages' input schemas, the answers their output
// schemas, errors as fal's error reference words them (examples/fal holds the documented bodies).
import { randomUUID, randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { z } from 'zod';
import { fakeEdit, fakePicture, sizeOf, startFake, wire, WireError, type FakeContext, type ProviderFake } from './harness';

/** fal's `image_size` presets (fal docs, "Model arguments"). */
export const FAL_PRESETS = {
  square_hd: { width: 1024, height: 1024 },
  square: { width: 512, height: 512 },
  portrait_4_3: { width: 768, height: 1024 },
  portrait_16_9: { width: 576, height: 1024 },
  landscape_4_3: { width: 1024, height: 768 },
  landscape_16_9: { width: 1024, height: 576 },
} as const;

const presetName = z.enum(Object.keys(FAL_PRESETS) as [keyof typeof FAL_PRESETS]);
const imageSize = z.union([presetName, z.object({ width: z.number().int().min(1).max(14_142), height: z.number().int().min(1).max(14_142) }).strict()]);
const outputFormat = z.enum(['jpeg', 'png']);

/** `fal-ai/flux/schnell`'s input schema. fal's apps ignore fields they do not know; the fake refuses them, to catch misspelt ones. */
export const falSchnellSchema = z
  .object({
    prompt: z.string().min(1),
    image_size: imageSize.optional(),
    num_inference_steps: z.number().int().min(1).max(12).optional(),
    seed: z.number().int().optional(),
    sync_mode: z.boolean().optional(),
    num_images: z.number().int().min(1).max(4).optional(),
    enable_safety_checker: z.boolean().optional(),
    output_format: outputFormat.optional(),
    acceleration: z.enum(['none', 'regular', 'high']).optional(),
  })
  .strict();

/** `fal-ai/flux-pro/v1/fill`'s input schema: the image and mask as URLs or data URIs, of the same size (white = fill). */
export const falFillSchema = z
  .object({
    prompt: z.string().min(1),
    image_url: z.string().min(1),
    mask_url: z.string().min(1),
    seed: z.number().int().optional(),
    sync_mode: z.boolean().optional(),
    num_images: z.number().int().min(1).max(4).optional(),
    output_format: outputFormat.optional(),
    safety_tolerance: z.enum(['1', '2', '3', '4', '5', '6']).optional(),
    enhance_prompt: z.boolean().optional(),
  })
  .strict();

/** A model error in fal's documented shape: `{ detail: [{ loc, msg, type, url, ... }] }`, 422 by default. */
class FalModelError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly loc: string[] = ['body'],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const modelError = (e: FalModelError) => ({ detail: [{ loc: e.loc, msg: e.message, type: e.type, url: `https://docs.fal.ai/errors#${e.type}`, ...e.extra }] });

/** One queued fault, answered as fal does; true when it answered. `refuse` is how this app refuses content (true when it answered). */
async function faulted(ctx: FakeContext, refuse: () => boolean): Promise<boolean> {
  const fault = ctx.fault();
  if (!fault) return false;
  switch (fault.kind) {
    case 'slow':
      await sleep(fault.ms);
      return false;
    case 'rate_limit':
      // fal documents no body for its 429; this one is its flat request-error shape.
      ctx.json(429, { detail: `Too many concurrent requests. Retry in ${fault.retryAfter} seconds.` }, { 'retry-after': String(fault.retryAfter) });
      return true;
    case 'content_policy':
      return refuse();
    case 'auth':
      ctx.json(401, { detail: 'No user found for Key ID and Secret' });
      return true;
    case 'server_error':
      ctx.json(
        500,
        { detail: 'The runner encountered an internal server error.', error_type: 'runner_server_error' },
        { 'x-fal-error-type': 'runner_server_error' },
      );
      return true;
  }
}

/** An input file: a data URI, or a URL fal would fetch (here only the fake's own files are reachable). */
async function inputFile(url: string, field: string): Promise<Buffer> {
  const data = /^data:[^,;]*(;base64)?,(.*)$/s.exec(url);
  if (data) return Buffer.from(decodeURIComponent(data[2]), data[1] ? 'base64' : 'utf8');
  const res = await fetch(url).catch(() => undefined);
  if (!res?.ok) throw new FalModelError('file_download_error', `Failed to download the file from ${url}.`, ['body', field]);
  return Buffer.from(await res.arrayBuffer());
}

const blackPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000' } })
    .png()
    .toBuffer();

/** The images as fal answers them: a URL on its CDN (here the fake's origin), or a data URI in sync mode. */
async function files(ctx: FakeContext, pngs: Buffer[], format: 'jpeg' | 'png', syncMode: boolean) {
  return Promise.all(
    pngs.map(async (png) => {
      const bytes = format === 'png' ? png : await sharp(png).jpeg().toBuffer();
      const type = `image/${format}`;
      const { width, height } = await sizeOf(png);
      return { url: syncMode ? `data:${type};base64,${bytes.toString('base64')}` : ctx.serve(bytes, type), width, height, content_type: type };
    }),
  );
}

export async function startFalFake(): Promise<ProviderFake> {
  const fake = await startFake('fal', '', async (ctx) => {
    // fal keys are `<key_id>:<key_secret>`, sent as `Authorization: Key <key>`.
    const auth = ctx.req.headers.authorization ?? '';
    if (!/^Key [^:\s]+:\S+$/.test(auth)) return ctx.json(401, { detail: "Invalid Key Authorization header format. Expected '<key_id>:<key_secret>'." });
    if (auth !== `Key ${ctx.fake.key}`) return ctx.json(401, { detail: 'No user found for Key ID and Secret' });
    const started = Date.now();
    try {
      if (ctx.req.method === 'POST' && ctx.url.pathname === '/fal-ai/flux/schnell') {
        const body = wire(falSchnellSchema, ctx.body);
        const size = typeof body.image_size === 'string' ? FAL_PRESETS[body.image_size] : (body.image_size ?? FAL_PRESETS.landscape_4_3);
        const seed = body.seed ?? randomInt(2 ** 31);
        const count = body.num_images ?? 1;
        // FLUX's safety checker does not refuse: it answers black pictures and says so in has_nsfw_concepts.
        let nsfw = false;
        const blackOut = () => {
          nsfw = true;
          return false;
        };
        if (await faulted(ctx, blackOut)) return;
        const picture = (i: number) => (nsfw ? blackPng(size.width, size.height) : fakePicture(body.prompt, size.width, size.height, seed + i));
        const pictures = await Promise.all(Array.from({ length: count }, (_, i) => picture(i)));
        return ctx.json(200, {
          images: await files(ctx, pictures, body.output_format ?? 'jpeg', body.sync_mode ?? false),
          timings: { inference: (Date.now() - started) / 1000 },
          seed,
          has_nsfw_concepts: pictures.map(() => nsfw),
          prompt: body.prompt,
        });
      }
      if (ctx.req.method === 'POST' && ctx.url.pathname === '/fal-ai/flux-pro/v1/fill') {
        const body = wire(falFillSchema, ctx.body);
        // FLUX.1 [pro] refuses before it runs: a model error typed content_policy_violation.
        const refuse = () => {
          const e = new FalModelError('content_policy_violation', 'The content was flagged by a content checker.', ['body', 'prompt'], { input: body.prompt });
          ctx.json(422, modelError(e));
          return true;
        };
        if (await faulted(ctx, refuse)) return;
        const [image, mask] = await Promise.all([inputFile(body.image_url, 'image_url'), inputFile(body.mask_url, 'mask_url')]);
        const seed = body.seed ?? randomInt(2 ** 31);
        const edits = await Promise.all(
          Array.from({ length: body.num_images ?? 1 }, (_, i) => fakeEdit(image, mask, 'white', body.prompt, seed + i, ctx.fake.leak)),
        );
        // Fill's documented output has no timings.
        return ctx.json(200, {
          images: await files(ctx, edits, body.output_format ?? 'jpeg', body.sync_mode ?? false),
          seed,
          has_nsfw_concepts: edits.map(() => false),
          prompt: body.prompt,
        });
      }
      ctx.json(404, { detail: `Application not found: ${ctx.req.method} ${ctx.url.pathname}` });
    } catch (error) {
      if (error instanceof FalModelError) return ctx.json(422, modelError(error));
      // A request that does not fit the schema (or a mask of another size): fal's 422 value_error.
      if (error instanceof WireError) return ctx.json(422, modelError(new FalModelError('value_error', error.message)));
      throw error;
    }
  });
  fake.key = `${randomUUID()}:${randomBytes(16).toString('hex')}`;
  return fake;
}
