import { z } from 'zod';

/** Where services put base64 image data (decisions row 3): the reference uses `b64_json`. */
const BASE64_FIELDS = ['b64_json', 'b64', 'base64', 'image_base64'] as const;

const optionalText = z.string().trim().nullish();

/** `seed`: the image's own seed, when the service says it (`data[].seed`: decisions.md row 17 for edits; the reference service's README for generations). */
export type GeneratedImage =
  { url: string; revisedPrompt?: string; seed?: number } | { base64: string; mimeType?: string; revisedPrompt?: string; seed?: number };

/** One generated image: a URL, base64 under any of the known names, or a `data:` URL in either place. */
export const imageItemSchema = z
  .object({
    url: optionalText,
    b64_json: optionalText,
    b64: optionalText,
    base64: optionalText,
    image_base64: optionalText,
    revised_prompt: optionalText,
    // A seed that is not a whole number in range is no seed: the image is kept without one.
    seed: z.int().min(0).nullish().catch(null),
  })
  .transform((raw, ctx): GeneratedImage => {
    const extra = { ...(raw.revised_prompt ? { revisedPrompt: raw.revised_prompt } : {}), ...(typeof raw.seed === 'number' ? { seed: raw.seed } : {}) };
    if (raw.url && !raw.url.startsWith('data:')) return { url: raw.url, ...extra };
    const encoded = BASE64_FIELDS.map((field) => raw[field]).find((value) => value) ?? raw.url;
    if (!encoded) {
      ctx.addIssue({ code: 'custom', message: 'an image has neither a url nor base64 data' });
      return z.NEVER;
    }
    return { ...fromDataUrl(encoded), ...extra };
  });

function fromDataUrl(value: string): { base64: string; mimeType?: string } {
  const match = /^data:([^;,]+)?(?:;[^,]*)?,(.*)$/s.exec(value);
  if (!match) return { base64: value.replace(/\s+/g, '') };
  const base64 = match[2].replace(/\s+/g, '');
  return match[1] ? { base64, mimeType: match[1] } : { base64 };
}

/** An edit's image: shown by URL, with the seed it was made with (null from a service that does not say it). */
export interface EditedImage {
  url: string;
  revisedPrompt?: string;
  seed: number | null;
}

/** Edits are shown by URL; base64 from a service that sends it anyway becomes a data URL. */
export function asUrl(image: GeneratedImage): EditedImage {
  const { revisedPrompt, seed = null } = image;
  const url = 'url' in image ? image.url : `data:${image.mimeType ?? 'image/png'};base64,${image.base64}`;
  return { url, ...(revisedPrompt ? { revisedPrompt } : {}), seed };
}
