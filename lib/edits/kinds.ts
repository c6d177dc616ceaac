/** The six edit kinds of the service interface (§4.1), in the order the studio offers them. */
export const EDIT_KINDS = ['background', 'style', 'upscale', 'local', 'remove', 'add'] as const;
export type EditKind = (typeof EDIT_KINDS)[number];

/** Local modification and object removal work on a painted region; the others on the whole image. */
export const needsMask = (kind: EditKind): boolean => kind === 'local' || kind === 'remove';

// decisions.md row 9: the service infers the kind from these words (and from the mask), so each
// kind's template must carry its word and a local modification must avoid the removal words.
const KEYWORDS: Record<Exclude<EditKind, 'local'>, RegExp> = {
  background: /\bbackgrounds?\b|\bbackdrop\b|背景/i,
  style: /\bstyles?\b|\bstylize\b|风格|画风/i,
  upscale: /\bupscal\w*|\benhanc\w*|\bsuper[- ]?resolution\b|高清|放大|超分/i,
  remove: /\bremov\w*|\berase\w*|\bdelete\b|\bget rid of\b|删除|去除|移除|擦除|去掉/i,
  add: /\badd\w*\b|添加|加上|增加/i,
};

/** English by default: the interface says English prompts generally work better. */
export const PROMPT_TEMPLATES: Record<EditKind, string> = {
  background: 'Replace the background with a sunny beach at golden hour',
  style: 'Convert the image to a soft watercolor painting style',
  upscale: 'Upscale the image and enhance fine details',
  local: 'Turn the painted area into a bouquet of red flowers',
  remove: 'Remove the painted object and fill the area to match its surroundings',
  add: 'Add a red hot-air balloon in the sky',
};

/**
 * Whether the service will read `prompt` as `kind`. A masked prompt is removal when it names a
 * removal, otherwise local; an unmasked one is the kind whose word comes first (none: style).
 */
export function promptFitsKind(kind: EditKind, prompt: string): boolean {
  if (needsMask(kind)) return KEYWORDS.remove.test(prompt) === (kind === 'remove');
  let first: { kind: EditKind; at: number } | null = null;
  for (const [k, pattern] of Object.entries(KEYWORDS) as Array<[EditKind, RegExp]>) {
    const at = prompt.search(pattern);
    if (at >= 0 && (!first || at < first.at)) first = { kind: k, at };
  }
  return (first?.kind ?? 'style') === kind;
}

/** Output size: the original's; upscaling offers twice that, capped at 4096 px a side. */
export function sizeOptions(kind: EditKind, width: number, height: number): string[] {
  const original = `${width}x${height}`;
  if (kind !== 'upscale') return [original];
  const scale = Math.min(2, 4096 / Math.max(width, height));
  const doubled = `${Math.round(width * scale)}x${Math.round(height * scale)}`;
  return doubled === original ? [original] : [doubled, original];
}

/**
 * The kind the service will read a request as (decisions.md row 9), for callers of the API who send
 * only a prompt and perhaps a mask: masked, removal or else local; unmasked, the kind whose word
 * comes first among those that need no mask ("remove the background" is a background edit), else style.
 */
export function inferEditKind(prompt: string, masked: boolean): EditKind {
  if (masked) return KEYWORDS.remove.test(prompt) ? 'remove' : 'local';
  let first: { kind: EditKind; at: number } | null = null;
  for (const kind of ['background', 'style', 'upscale', 'add'] as const) {
    const at = prompt.search(KEYWORDS[kind]);
    if (at >= 0 && (!first || at < first.at)) first = { kind, at };
  }
  return first?.kind ?? 'style';
}
