import type { TeamContext } from '../auth/context';
import { archiveResult, readStored, storeResultImage } from '../assets/archive';
import type { OutputRow } from '../generations/lifecycle';
import { withDecodeBudget } from '../images/decode-gate';
import type { UpstreamClient } from '../upstream';
import { guardEdit, type MaskGuardRecord } from './mask-guard';

/** One request of a run: which model, with which seed (none: the service's own), as which entry. */
export interface EditCall {
  model: string;
  seed: number | null;
  entryIndex: number;
}

/** What every request of a run sends alike. */
export interface EditSend {
  image: Blob;
  mask: Blob | null;
  prompt: string;
  size: string | undefined;
  /** The image and mask as bytes, for the mask guard (read once per run). */
  guard: { original: Uint8Array; mask: Uint8Array; width: number; height: number; restore: boolean } | null;
}

/** A request that completed: its output row, ready for the settlement, and the service's id for it. */
export interface CompletedCall {
  row: OutputRow & { status: 'completed'; cost: string; assetId: string };
  upstreamId: string;
}

/**
 * Sends one request, stores its answer and, for a masked edit, measures it outside the mask and
 * (with the team's setting on) stores the restored result beside the model's own answer.
 */
export async function runEditCall(ctx: TeamContext, upstream: UpstreamClient, call: EditCall, send: EditSend, signal: AbortSignal): Promise<CompletedCall> {
  const started = performance.now();
  const result = await upstream.editImage({
    image: send.image,
    mask: send.mask ?? undefined,
    prompt: send.prompt,
    model: call.model,
    size: send.size,
    ...(call.seed !== null ? { seed: call.seed } : {}),
    signal,
  });
  const upstreamMs = Math.round(performance.now() - started);
  const first = result.images[0];
  const answer = await archiveResult({ teamId: ctx.team.id, url: first.url, kind: 'image', createdById: ctx.user.id }, signal);
  const guarded = send.guard ? await guard(ctx, send.guard, answer.storageKey) : null;
  const row: CompletedCall['row'] = {
    model: call.model,
    entryIndex: call.entryIndex,
    status: 'completed',
    assetId: guarded?.restoredId ?? answer.id,
    rawAssetId: guarded?.restoredId ? answer.id : null,
    maskChanged: guarded?.record.changedFraction ?? null,
    maskGuard: guarded ? { ...guarded.record } : undefined,
    archive: 'archived',
    upstreamUrl: first.url,
    revisedPrompt: first.revisedPrompt ?? null,
    seed: first.seed ?? call.seed,
    cost: result.cost.amount,
    upstreamMs,
  };
  return { row, upstreamId: result.id };
}

/** The guard on a stored answer, one 4096² result at a time per process (three decodes of it at once). */
async function guard(
  ctx: TeamContext,
  input: NonNullable<EditSend['guard']>,
  answerKey: string,
): Promise<{ record: MaskGuardRecord; restoredId: string | null }> {
  return withDecodeBudget(input.width * input.height * 3, async () => {
    const { record, restored } = await guardEdit({ original: input.original, mask: input.mask, answer: await readStored(answerKey), restore: input.restore });
    if (!restored) return { record, restoredId: null };
    const asset = await storeResultImage({ teamId: ctx.team.id, createdById: ctx.user.id, bytes: restored, contentType: 'image/png' });
    return { record, restoredId: asset.id };
  });
}
