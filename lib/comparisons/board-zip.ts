import type { TeamContext } from '../auth/context';
import { boardAssets, getBoard } from './queries';
import { jsonEntry, storedEntry, zipBody } from '../assets/zip';

/**
 * One of the team's boards as a streamed ZIP, or null when it has no stored image (or is not the
 * team's): `manifest.json` first, saying what made each file, then a folder per model.
 */
export async function boardZip(ctx: TeamContext, id: string): Promise<ReadableStream<Uint8Array> | null> {
  const [board, outputs] = await Promise.all([getBoard(ctx, id), boardAssets(ctx, id)]);
  if (!board || outputs.length === 0) return null;
  const files = outputs.map((output) => {
    const asset = output.asset!;
    return { ...output, asset, file: `${output.model}/${output.position + 1}.${asset.contentType.split('/')[1]}` };
  });
  const { params } = board;
  const manifest = {
    board: board.id,
    prompt: params.prompt,
    size: params.size,
    imagesPerModel: params.n,
    background: params.background,
    seed: params.seed,
    seedLocked: params.seedLocked,
    created: board.createdAt,
    // The service answers every model in one request (section 4.2), so this is each model's time too.
    elapsedMs: board.elapsedMs,
    total: board.total,
    currency: board.currency,
    models: board.columns.map((column, index) => ({
      model: column.model,
      cost: column.cost,
      revisedPrompt: column.revisedPrompt,
      error: column.error,
      files: files
        .filter((f) => f.entryIndex === index)
        .map((f) => ({
          file: f.file,
          seed: f.seed === null ? null : Number(f.seed),
          cost: f.cost === null ? null : f.cost.toString(),
        })),
    })),
  };
  return zipBody([jsonEntry('manifest.json', manifest), ...files.map((f) => storedEntry(f.file, f.asset.storageKey))]);
}
