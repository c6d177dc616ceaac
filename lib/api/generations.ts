import { z } from 'zod';
import type { ApiCaller } from '../api-keys/authenticate';
import { blobStore } from '../assets/store';
import { runBoard } from '../comparisons/run-board';
import { generationRequestSchema, MAX_MODELS, modelNameSchema, promptSchema } from '@atelier/reference-service/requests';
import { AppError } from '../errors';
import { isHeld } from '../generations/approval-gate';
import { sumCosts } from '../upstream/cost';
import { fileUrl } from './file-urls';
import { checkModels } from './v1';
import { nameText, promptText } from '../text';

// POST /api/v1/images/generations: the service's request (section 4.2), run as a board of the key's
// member, answered in the service's batch shape (section 2.2 and decisions.md rows 3 and 4) with
// Atelier's own file URLs, each model's seed as the service gives it, and one addition of Atelier's:
// a top-level `data` with every model's images in order, so that an OpenAI SDK's
// `resp.data[0].url` reads the image of a one-model call.

/** The service's own schema (one validator: its refusals are the service's), with Atelier's text rule before its prompt and model names. */
const model = nameText().pipe(modelNameSchema);
export const generationsRequestSchema = generationRequestSchema.extend({
  model: z.union([model, z.array(model).min(1).max(MAX_MODELS)]),
  prompt: promptText().pipe(promptSchema),
});
export type GenerationsRequest = z.infer<typeof generationsRequestSchema>;

async function base64Of(storageKey: string): Promise<string> {
  const blob = await blobStore().get(storageKey);
  if (!blob) throw new Error('a stored image is missing');
  return Buffer.from(await new Response(blob.body).arrayBuffer()).toString('base64');
}

/** Runs the request as a board (budgets, ledger, archive: as in the studio) and answers the batch; or what held it for approval. */
export async function generateImages(caller: ApiCaller, request: GenerationsRequest, signal?: AbortSignal) {
  const models = Array.isArray(request.model) ? request.model : [request.model];
  checkModels(caller, models);
  const run = await runBoard(
    caller.ctx,
    {
      prompt: request.prompt,
      models,
      size: request.size,
      n: request.n,
      background: request.background,
      seed: request.seed ?? null,
      responseFormat: request.response_format,
    },
    signal,
  );
  if (isHeld(run)) return run;
  // Answered from what the run recorded: nothing is read back.
  const { settlement } = run;
  if (!settlement) throw new AppError('conflict', 'The request was cancelled before the service answered.');
  const outputs = [...settlement.outputs].sort((a, b) => a.entryIndex - b.entryIndex || (a.position ?? 0) - (b.position ?? 0));
  const results = await Promise.all(
    models.map(async (name, index) => {
      const entry = outputs.filter((o) => o.entryIndex === index);
      const images = entry.filter((o) => o.status === 'completed');
      const failed = images.length === 0 ? entry.find((o) => o.errorCode) : undefined;
      const data = await Promise.all(
        images.map(async (o) => {
          const asset = run.stored.get(o.id!) ?? null;
          return {
            ...(request.response_format === 'b64_json' && asset
              ? { b64_json: await base64Of(asset.storageKey) }
              : { url: fileUrl({ id: o.id!, upstreamUrl: o.upstreamUrl ?? null, asset }) }),
            ...(o.revisedPrompt ? { revised_prompt: o.revisedPrompt } : {}),
            // The image's own seed, as the reference service gives it (its README; others may not).
            ...(o.seed !== undefined && o.seed !== null ? { seed: Number(o.seed) } : {}),
          };
        }),
      );
      // Each image holds its share of the model's cost: added up exactly, not in floating point.
      const cost = Number(sumCosts(entry.map((o) => String(o.cost ?? 0))));
      return {
        model: name,
        index,
        // The seed the board drew (or was given), so a caller can reproduce an image.
        ...(entry[0]?.seed !== undefined && entry[0].seed !== null ? { seed: Number(entry[0].seed) } : {}),
        data,
        usage: { cost, cost_unit: 'CNY' },
        ...(failed ? { error: { message: failed.errorMessage ?? 'The model failed.', code: failed.errorCode } } : {}),
      };
    }),
  );
  return {
    id: run.id,
    object: 'batch',
    created: Math.floor(run.createdAt.getTime() / 1000),
    status: settlement.status,
    results,
    data: results.flatMap((result) => result.data),
    total_cost: { amount: Number(settlement.total.amount), currency: settlement.total.currency },
  };
}
