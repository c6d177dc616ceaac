import { randomUUID } from 'node:crypto';
import type { ApiCaller } from '../api-keys/authenticate';
import { editModels } from '../edits/edit-models';
import { inferEditKind } from '../edits/kinds';
import { editRequestSchema, runEdit } from '../edits/run-edit';
import { receiveEditUpload } from '../edits/upload';
import { AppError } from '../errors';
import { isHeld } from '../generations/approval-gate';
import { db } from '../runtime';
import { fileUrl } from './file-urls';
import { checkModels, invalidBody } from './v1';

// POST /api/v1/images/edits: the service's multipart request (section 4.1: image, prompt, optional
// mask, model, size), run as an edit of the key's member, answered as the service's edit result
// (section 2.1) with Atelier's own file URL.

export async function editImage(caller: ApiCaller, request: Request) {
  if (!/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? ''))
    throw new AppError('invalid_input', 'Send the edit as multipart/form-data.', { reason: 'mediaType', param: null });
  const upload = await receiveEditUpload(request);
  try {
    const fields = Object.fromEntries(Object.entries(upload.fields).filter(([, v]) => v !== ''));
    if (!upload.files.image) throw new AppError('invalid_input', 'image: an image file is required.', { reason: 'missingField', param: 'image' });
    const prompt = typeof fields.prompt === 'string' ? fields.prompt : '';
    // A key limited to some models edits with the first of them the service offers, unless one is named.
    let model = typeof fields.model === 'string' ? fields.model : undefined;
    if (!model && caller.key.models.length > 0) model = (await editModels(caller.ctx)).find((m) => caller.key.models.includes(m.id))?.id;
    if (model) checkModels(caller, [model]);
    else if (caller.key.models.length > 0) throw new AppError('forbidden', 'This key may use no edit model.', { reason: 'modelNotAllowed', param: 'model' });
    const raw = {
      requestId: randomUUID(),
      kind: inferEditKind(prompt, Boolean(upload.files.mask)),
      prompt,
      ...(model ? { model } : {}),
      ...(typeof fields.size === 'string' ? { size: fields.size } : {}),
      ...(typeof fields.fit === 'string' ? { fit: fields.fit } : {}),
      ...(typeof fields.seed === 'string' ? { seed: fields.seed } : {}),
      ...upload.files,
    };
    const parsed = editRequestSchema.safeParse(raw);
    if (!parsed.success) throw invalidBody(parsed.error, raw);
    const outcome = await runEdit(caller.ctx, parsed.data, request.signal);
    if (isHeld(outcome)) return outcome;
    const [result] = outcome.results;
    const output = await (
      await db()
    ).generationOutput.findUniqueOrThrow({ where: { id: result.outputId }, select: { id: true, upstreamUrl: true, asset: { select: { contentType: true } } } });
    return {
      id: outcome.generationId,
      object: 'image',
      status: 'completed',
      data: [
        {
          url: fileUrl(output),
          ...(result.seed !== null ? { seed: result.seed } : {}),
          ...(outcome.revisedPrompt ? { revised_prompt: outcome.revisedPrompt } : {}),
        },
      ],
      usage: { cost: Number(outcome.cost.amount), cost_unit: outcome.cost.currency },
      // Atelier's addition (docs/api.md): what the mask guard found outside the mask, and whether it restored it.
      ...(result.maskGuard ? { mask_guard: { changed_fraction: result.maskGuard.changedFraction, restored: result.maskGuard.restored } } : {}),
    };
  } finally {
    await upload.dispose();
  }
}
