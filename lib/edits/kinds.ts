import { readEditKind, type EditKind } from '@atelier/reference-service/edit-kind';

// decisions.md row 9 is read with the reference service's own rule, so the studio's hints and the
// public API's records cannot drift from what the embedded service does.
export { asksForCutout, EDIT_KINDS, type EditKind } from '@atelier/reference-service/edit-kind';

/** Local modification and object removal work on a painted region; the others on the whole image. */
export const needsMask = (kind: EditKind): boolean => kind === 'local' || kind === 'remove';

/** English by default: the interface says English prompts generally work better. */
export const PROMPT_TEMPLATES: Record<EditKind, string> = {
  background: 'Replace the background with a sunny beach at golden hour',
  style: 'Convert the image to a soft watercolor painting style',
  upscale: 'Upscale the image and enhance fine details',
  local: 'Turn the painted area into a bouquet of red flowers',
  remove: 'Remove the painted object and fill the area to match its surroundings',
  add: 'Add a red hot-air balloon in the sky',
};

/** The background kind's second template: the subject alone, on transparency. */
export const CUTOUT_TEMPLATE = 'Remove the background and keep only the subject, on transparency';

/** Whether the service will read `prompt` as `kind` (with a mask if the kind needs one). */
export const promptFitsKind = (kind: EditKind, prompt: string): boolean => readEditKind(prompt, needsMask(kind)) === kind;

/** Output size: the original's; upscaling offers twice that, capped at 4096 px a side. */
export function sizeOptions(kind: EditKind, width: number, height: number): string[] {
  const original = `${width}x${height}`;
  if (kind !== 'upscale') return [original];
  const scale = Math.min(2, 4096 / Math.max(width, height));
  const doubled = `${Math.round(width * scale)}x${Math.round(height * scale)}`;
  return doubled === original ? [original] : [doubled, original];
}

/**
 * The kind the service will read a request as, for callers of the API who send only a prompt and
 * perhaps a mask. An object removal without a mask reads as removal, which then fails validation
 * for want of the mask before anything is spent.
 */
export const inferEditKind = readEditKind;
