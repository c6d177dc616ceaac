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

export class MaskRequiredError extends Error {}

/**
 * decisions.md row 9: the kind is inferred from the prompt and the presence of a mask.
 * With a mask: removal if the prompt asks to remove, otherwise local modification.
 * Without a mask: the kind whose keyword comes first in the prompt ("add a sun to the background"
 * adds; "把背景换成海滩" replaces the background); no keyword at all means a style conversion.
 */
export function inferEditKind(prompt: string, hasMask: boolean): EditKind {
  if (hasMask) return KEYWORDS.remove.test(prompt) ? 'remove' : 'local';
  let best: { kind: EditKind; at: number } | null = null;
  for (const [kind, pattern] of Object.entries(KEYWORDS) as Array<[keyof typeof KEYWORDS, RegExp]>) {
    const at = prompt.search(pattern);
    if (at >= 0 && (!best || at < best.at)) best = { kind, at };
  }
  if (best?.kind === 'remove') {
    throw new MaskRequiredError('Object removal needs a mask: paint the object to remove in white on a black mask.');
  }
  return best?.kind ?? 'style';
}
