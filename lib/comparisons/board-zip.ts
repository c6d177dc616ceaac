import type { TeamContext } from '../auth/context';
import { splitCost, sumCosts } from '../upstream/cost';
import { boardAssets, getBoard, type BoardColumn } from './queries';
import { jsonEntry, storedEntry, zipBody } from '../assets/zip';

type Output = Awaited<ReturnType<typeof boardAssets>>[number];
type File = Output & { asset: NonNullable<Output['asset']>; file: string };

/**
 * Each image with its own cost and seed. A board run since images carry their share of the model's
 * cost has one on every image; an older one had the whole cost on the first image and none on the
 * others: it is shared among them the same way (splitCost), so every image says what it cost.
 */
function filesOf(files: File[]) {
  const costs = files.every((f) => f.cost !== null)
    ? files.map((f) => f.cost!.toString())
    : splitCost(sumCosts(files.flatMap((f) => (f.cost === null ? [] : [f.cost.toString()]))), files.length);
  return files.map((f, i) => ({ file: f.file, seed: f.seed === null ? null : Number(f.seed), cost: costs[i] }));
}

/** One run of a column (the board's own, or a rerun): when it was made, how long it took, its seed, cost and files. */
const runOf = (column: Omit<BoardColumn, 'versions'>, run: { id: string; seed: number; createdAt: string; elapsedMs: number | null }, files: File[]) => ({
  board: run.id,
  created: run.createdAt,
  elapsedMs: run.elapsedMs,
  seed: run.seed,
  cost: column.cost,
  revisedPrompt: column.revisedPrompt,
  error: column.error,
  files: filesOf(files),
});

/**
 * One of the team's boards as a streamed ZIP, or null when it has no stored image (or is not the
 * team's): `manifest.json` first, saying what made each file, then a folder per model; a column's
 * reruns in folders of their own (`<model>/v2/`, …).
 */
export async function boardZip(ctx: TeamContext, id: string): Promise<ReadableStream<Uint8Array> | null> {
  const [board, outputs] = await Promise.all([getBoard(ctx, id), boardAssets(ctx, id)]);
  if (!board || outputs.length === 0) return null;
  const { params } = board;
  const folderOf = new Map<string, string>([[board.id, '']]);
  for (const column of board.columns) column.versions.forEach((version, i) => folderOf.set(version.id, `v${i + 2}/`));
  const files: File[] = outputs.flatMap((output) => {
    const folder = folderOf.get(output.generationId);
    if (folder === undefined || !output.asset) return [];
    return [{ ...output, asset: output.asset, file: `${output.model}/${folder}${output.position + 1}.${output.asset.contentType.split('/')[1]}` }];
  });
  const filesOfRun = (runId: string, entryIndex: number) => files.filter((f) => f.generationId === runId && f.entryIndex === entryIndex);
  // In the ZIP as in the manifest: column by column, each one's reruns after it.
  const ordered = board.columns.flatMap((column, index) => [
    ...filesOfRun(board.id, index),
    ...column.versions.flatMap((version) => filesOfRun(version.id, 0)),
  ]);
  const manifest = {
    board: board.id,
    prompt: params.prompt,
    size: params.size,
    imagesPerModel: params.n,
    background: params.background,
    seed: params.seed,
    seedLocked: params.seedLocked,
    created: board.createdAt,
    // The board's own run: the service answers every model in one request (section 4.2).
    elapsedMs: board.elapsedMs,
    // Every run of every column: the board's and its reruns'.
    total: board.total,
    currency: board.currency,
    // Each column as the board's run made it (the time of the one request that made every column),
    // then each of its reruns (one model alone) with its own time, seed, cost and files.
    models: board.columns.map((column, index) => ({
      model: column.model,
      ...runOf(column, { id: board.id, seed: params.seed, createdAt: board.createdAt, elapsedMs: board.elapsedMs }, filesOfRun(board.id, index)),
      reruns: column.versions.map((version) => runOf(version.column, version, filesOfRun(version.id, 0))),
    })),
  };
  return zipBody([jsonEntry('manifest.json', manifest), ...ordered.map((f) => storedEntry(f.file, f.asset.storageKey))]);
}
