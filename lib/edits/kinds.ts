import { readEditKind, type EditKind } from '@atelier/reference-service/edit-kind';

// decisions.md row 9 is read with the reference service's own rule, so the studio's hints and the
// public API's records cannot drift from what the embedded service does.
export { asksForCutout, EDIT_KINDS, type EditKind } from '@atelier/reference-service/edit-kind';

/** Local modification and object removal work on a painted region; the others on the whole image. */
export const needsMask = (kind: EditKind): boolean => kind === 'local' || kind === 'remove';

/** Why a model cannot do a kind of edit, when the service says what it can (GET /v1/models: `edit_kinds`, `mask`). */
export function kindRefusal(model: { kinds?: EditKind[]; takesMask?: boolean } | undefined, kind: EditKind): 'noMask' | 'notDone' | null {
  if (!model) return null;
  if (needsMask(kind) && model.takesMask === false) return 'noMask';
  if (model.kinds && !model.kinds.includes(kind)) return 'notDone';
  return null;
}

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

/**
 * The same templates for a Chinese reader, in Chinese: the service reads them as the same kinds
 * (its keywords: 背景, 风格, 放大, 移除, 添加; kinds.test.ts holds them to it).
 */
const PROMPT_TEMPLATES_ZH: Record<EditKind, string> = {
  background: '把背景换成黄金时刻阳光明媚的海滩',
  style: '把图片转换成柔和的水彩画风格',
  upscale: '放大图片并增强细节',
  local: '把涂抹的区域变成一束红色的花',
  remove: '移除涂抹的物体，并按周围环境补全该区域',
  add: '在天空中添加一个红色热气球',
};
const CUTOUT_TEMPLATE_ZH = '去掉背景，只保留主体，背景透明';

/** The studio's templates in the reader's language (zh-CN, else English). */
export function promptTemplates(locale: string): { kinds: Record<EditKind, string>; cutout: string } {
  return locale === 'zh-CN' ? { kinds: PROMPT_TEMPLATES_ZH, cutout: CUTOUT_TEMPLATE_ZH } : { kinds: PROMPT_TEMPLATES, cutout: CUTOUT_TEMPLATE };
}

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
