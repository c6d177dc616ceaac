import { z } from 'zod';

/** Where services put base64 image data (decisions row 3): the reference uses `b64_json`. */
const BASE64_FIELDS = ['b64_json', 'b64', 'base64', 'image_base64'] as const;

const optionalText = z.string().trim().nullish();

export type GeneratedImage = { url: string; revisedPrompt?: string } | { base64: string; mimeType?: string; revisedPrompt?: string };

/** One generated image: a URL, base64 under any of the known names, or a `data:` URL in either place. */
export const imageItemSchema = z
  .object({
    url: optionalText,
    b64_json: optionalText,
    b64: optionalText,
    base64: optionalText,
    image_base64: optionalText,
    revised_prompt: optionalText,
  })
  .transform((raw, ctx): GeneratedImage => {
    const revised = raw.revised_prompt ? { revisedPrompt: raw.revised_prompt } : {};
    if (raw.url && !raw.url.startsWith('data:')) return { url: raw.url, ...revised };
    const encoded = BASE64_FIELDS.map((field) => raw[field]).find((value) => value) ?? raw.url;
    if (!encoded) {
      ctx.addIssue({ code: 'custom', message: 'an image has neither a url nor base64 data' });
      return z.NEVER;
    }
    return { ...fromDataUrl(encoded), ...revised };
  });

function fromDataUrl(value: string): { base64: string; mimeType?: string } {
  const match = /^data:([^;,]+)?(?:;[^,]*)?,(.*)$/s.exec(value);
  if (!match) return { base64: value.replace(/\s+/g, '') };
  const base64 = match[2].replace(/\s+/g, '');
  return match[1] ? { base64, mimeType: match[1] } : { base64 };
}

/** Edits are shown by URL; base64 from a service that sends it anyway becomes a data URL. */
export function asUrl(image: GeneratedImage): { url: string; revisedPrompt?: string } {
  if ('url' in image) return image;
  const { base64, mimeType = 'image/png', revisedPrompt } = image;
  return { url: `data:${mimeType};base64,${base64}`, ...(revisedPrompt ? { revisedPrompt } : {}) };
}
