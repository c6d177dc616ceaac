/** The six edit kinds of the interface (section 4.1). */
export const EDIT_KINDS = ['background', 'style', 'upscale', 'local', 'remove', 'add'] as const;
export type EditKind = (typeof EDIT_KINDS)[number];

const KEYWORDS: Record<'background' | 'style' | 'upscale' | 'remove' | 'add', RegExp> = {
  background: /\bbackgrounds?\b|\bbackdrop\b|背景/i,
  style: /\bstyles?\b|\bstylize\b|风格|画风/i,
  upscale: /\bupscal\w*|\benhanc\w*|\bsuper[- ]?resolution\b|高清|放大|超分/i,
  remove: /\bremov\w*|\berase\w*|\bdelete\b|\bget rid of\b|删除|去除|移除|擦除|去掉/i,
  add: /\badd\w*\b|添加|加上|增加/i,
};

// decisions.md row 9: taking the background away is a background edit, not an object removal, and
// needs no mask. With nothing named to take its place it leaves transparency: asked for outright
// ("transparent background", 透明背景) always, "remove the background" unless a replacement is named
// ("…and put a beach there", 去掉背景换成雪山).
const TRANSPARENT = /\btransparent\s+(?:[\w-]+\s+)?backgrounds?\b|\bbackgrounds?\s+(?:\w+\s+){0,2}transparent\b|透明背景|背景.{0,3}透明|抠图|抠出/i;
const TAKEN_AWAY =
  /\b(?:remov\w*|eras\w*|delet\w*|get rid of|strip)(?:\s+[\w-]+){0,2}?\s+backgrounds?\b|\bno backgrounds?\b|\bcut[- ]?out\b|(?:去掉|去除|删除|移除|删掉|不要|去)背景|背景(?:去掉|去除|删除|移除|删掉)/i;
const REPLACEMENT = /\breplac\w*|\bswap\w*|\bchang\w*|\bwith an?\b|\binstead\b|\bput\b|换成|改成|替换|变成|换为|改为|换上/i;

/** Whether the prompt asks for the subject alone on a transparent background. */
export const asksForCutout = (prompt: string): boolean => TRANSPARENT.test(prompt) || (TAKEN_AWAY.test(prompt) && !REPLACEMENT.test(prompt));

export class MaskRequiredError extends Error {}

/**
 * decisions.md row 9: the kind is read from the prompt and the presence of a mask.
 * With a mask: removal if the prompt asks to remove, otherwise local modification.
 * Without a mask: taking the background away is a background edit (see above); otherwise the kind
 * whose keyword comes first ("add a sun to the background" adds; "把背景换成海滩" replaces the
 * background); no keyword at all means a style conversion. An unmasked removal reads as 'remove',
 * which the service refuses (inferEditKind).
 */
export function readEditKind(prompt: string, hasMask: boolean): EditKind {
  if (hasMask) return KEYWORDS.remove.test(prompt) ? 'remove' : 'local';
  if (TRANSPARENT.test(prompt) || TAKEN_AWAY.test(prompt)) return 'background';
  let best: { kind: EditKind; at: number } | null = null;
  for (const [kind, pattern] of Object.entries(KEYWORDS) as Array<[keyof typeof KEYWORDS, RegExp]>) {
    const at = prompt.search(pattern);
    if (at >= 0 && (!best || at < best.at)) best = { kind, at };
  }
  return best?.kind ?? 'style';
}

/** The kind the service runs a request as; an object removal without a mask is refused. */
export function inferEditKind(prompt: string, hasMask: boolean): EditKind {
  const kind = readEditKind(prompt, hasMask);
  if (kind === 'remove' && !hasMask) {
    throw new MaskRequiredError('Object removal needs a mask: paint the object to remove in white on a black mask.');
  }
  return kind;
}
