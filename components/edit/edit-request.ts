'use client';

import { extensionProblem } from '@/lib/edits/canvas';
import type { EditDictionary } from '@/lib/i18n/dictionaries/edit.en';
import { format } from '@/lib/i18n';
import { isMasking, type EditSession } from './edit-session';
import type { Source } from './load-image';
import { maskBlob } from './mask-files';

/** Why the edit cannot be sent yet, in the reader's language, or null. */
export function blockedBy(s: EditSession, maskEmpty: boolean, t: EditDictionary): string | null {
  const { source, extension } = s;
  if (!source) return t.form.needImage;
  const problem = extension ? extensionProblem(source, extension) : null;
  if (problem) return format(t.extend.problems[problem], { size: `${source.width}×${source.height}` });
  if (isMasking(s) && maskEmpty) return t.form.needMask;
  if (s.board && s.board.length < 2) return t.form.needModels;
  if (!s.prompt.trim()) return t.form.needPrompt;
  return null;
}

/** The form POST /edit/run takes: the request (one model, its variants, or a board's models), the picture (by id once the server keeps it) and a masked kind's mask. */
export async function editForm(s: EditSession, source: Source): Promise<FormData> {
  const form = new FormData();
  form.set('kind', s.kind);
  form.set('prompt', s.prompt.trim());
  // An edit board names its models; otherwise one model, asked for 1 to 4 variants.
  if (s.board) form.set('models', s.board.join(','));
  else if (s.model) form.set('model', s.model);
  if (!s.board && s.variants > 1) form.set('variants', String(s.variants));
  if (s.extension) {
    form.set('extendWidth', String(s.extension.width));
    form.set('extendHeight', String(s.extension.height));
    form.set('extendAnchor', s.extension.anchor);
  } else if (s.size) form.set('size', s.size);
  if (s.parentId) form.set('parentId', s.parentId);
  if (source.kind === 'asset') form.set('assetId', source.assetId);
  else form.set('image', source.file, source.file.name || 'image');
  if (isMasking(s)) form.set('mask', await maskBlob(source, s.mask.present, s.tools.feather), 'mask.png');
  return form;
}
