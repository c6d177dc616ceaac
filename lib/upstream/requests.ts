import { imagePart } from './multipart';

export interface EditImageInput {
  image: Blob | Uint8Array;
  /** File name sent with the image; by default `image.<ext>` from its bytes. */
  imageName?: string;
  /** White = edit, black = keep; the image's exact size. */
  mask?: Blob | Uint8Array;
  prompt: string;
  model?: string;
  /** `WIDTHxHEIGHT`; by default the original's size. */
  size?: string;
  /** 0..2^32-1 (decisions row 17); unset, the service's own. A service that ignores it answers `seed: null`. */
  seed?: number;
  signal?: AbortSignal;
}

export interface GenerateImagesInput {
  /** One model or up to four, compared side by side. */
  model: string | string[];
  prompt: string;
  size?: string;
  n?: number;
  responseFormat?: 'url' | 'b64_json';
  background?: 'transparent' | 'opaque' | 'auto';
  seed?: number;
  signal?: AbortSignal;
}

export interface CreateVideoInput {
  model: string;
  prompt: string;
  duration?: number;
  resolution?: string;
  audio?: boolean;
  aspectRatio?: string;
  webhookUrl?: string;
  signal?: AbortSignal;
}

/** Leaves out what the caller left out, so the service applies its own defaults. */
const defined = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

export async function editForm(input: EditImageInput): Promise<FormData> {
  const form = new FormData();
  const image = await imagePart(input.image, 'image', input.imageName);
  form.append('image', image.blob, image.filename);
  if (input.mask) {
    const mask = await imagePart(input.mask, 'mask');
    form.append('mask', mask.blob, mask.filename);
  }
  form.append('prompt', input.prompt);
  if (input.model) form.append('model', input.model);
  if (input.size) form.append('size', input.size);
  if (input.seed !== undefined) form.append('seed', String(input.seed));
  return form;
}

export const generationBody = (input: GenerateImagesInput) =>
  defined({
    model: input.model,
    prompt: input.prompt,
    size: input.size,
    n: input.n,
    response_format: input.responseFormat,
    background: input.background,
    seed: input.seed,
  });

export const videoBody = (input: CreateVideoInput) =>
  defined({
    model: input.model,
    prompt: input.prompt,
    duration: input.duration,
    resolution: input.resolution,
    audio: input.audio,
    aspect_ratio: input.aspectRatio,
    webhook_url: input.webhookUrl,
  });
