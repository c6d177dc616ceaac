import type { TeamContext } from '../auth/context';
import { jsonEntry, storedEntry, zipBody, type ZipEntry } from '../assets/zip';
import { db } from '../runtime';
import { findEdit } from './history';

/** A file's extension from its stored type (`image/png` → `png`). */
const extensionOf = (contentType: string) => contentType.split('/')[1] ?? 'bin';

/**
 * One of the team's edit runs as a streamed ZIP, or null when it is not the team's or has no
 * result: `manifest.json` first (the request, then each result with its model, seed, cost, the
 * model's own time to answer and the mask guard's finding), the original and the mask, then each
 * result, and beside a restored one the model's own answer (`…-raw`).
 */
export async function editZip(ctx: TeamContext, id: string): Promise<ReadableStream<Uint8Array> | null> {
  const edit = await findEdit(ctx, id);
  if (!edit || !edit.results.some((r) => r.resultAssetId)) return null;
  const ids = [edit.originalAssetId, edit.maskAssetId, ...edit.results.flatMap((r) => [r.resultAssetId, r.rawAssetId])].filter((a): a is string => a !== null);
  const assets = new Map(
    (await (await db()).asset.findMany({ where: { id: { in: ids }, teamId: ctx.team.id }, select: { id: true, storageKey: true, contentType: true } })).map(
      (a) => [a.id, a],
    ),
  );
  const entries: ZipEntry[] = [];
  const add = (assetId: string | null, name: string): string | null => {
    const asset = assetId ? assets.get(assetId) : undefined;
    if (!asset) return null;
    const file = `${name}.${extensionOf(asset.contentType)}`;
    entries.push(storedEntry(file, asset.storageKey));
    return file;
  };
  const original = add(edit.originalAssetId, 'original');
  const mask = add(edit.maskAssetId, 'mask');
  const results = edit.results.map((r, i) => {
    const name = `${i + 1}-${r.model}`;
    return {
      model: r.model,
      status: r.status,
      seed: r.seed,
      cost: r.cost,
      elapsedMs: r.upstreamMs,
      file: add(r.resultAssetId, name),
      raw: add(r.rawAssetId, `${name}-raw`),
      picked: r.outputId === edit.pickedOutputId,
      maskGuard: r.maskGuard && {
        changedFraction: r.maskGuard.changedFraction,
        restored: r.maskGuard.restored,
        fit: r.maskGuard.fit,
        answeredAt: r.maskGuard.answeredAt,
      },
      error: r.error,
    };
  });
  const manifest = {
    edit: edit.id,
    kind: edit.kind,
    prompt: edit.prompt,
    mode: edit.mode,
    created: edit.createdAt,
    total: edit.cost,
    currency: 'CNY',
    original,
    mask,
    results,
  };
  return zipBody([jsonEntry('manifest.json', manifest), ...entries]);
}
