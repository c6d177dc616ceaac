import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { jsonEntry, storedEntry, textEntry, zipBody } from '../assets/zip';
import { maskGuardView } from '../edits/result-item';
import { manifestCsv } from './manifest-csv';
import { AppError } from '../errors';
import { db } from '../runtime';
import { filtered, libraryFiltersSchema, ORDER, resultSize } from './items';
import type { Selection } from './view';
import { nameText } from '../text';

/** At most this many results go into one download. */
export const BULK_MAX = 500;
/** Named one by one in the URL (a GET link the browser downloads): 200 ids are ~7 KB. */
const IDS_MAX = 200;

/** Which results: named by id, or every one the filters select (`all=1`). */
export const bulkSelectionSchema = libraryFiltersSchema
  .extend({
    ids: z
      .string()
      .transform((value) => [...new Set(value.split(',').filter(Boolean))])
      .pipe(z.array(z.uuid()).min(1).max(IDS_MAX, `Name at most ${IDS_MAX} results, or ask for all that match the filters.`))
      .optional(),
    all: z.literal('1').optional(),
  })
  .refine((q) => Boolean(q.ids) !== Boolean(q.all), 'Name the results (ids=…) or ask for all that match (all=1).');
export type BulkSelection = z.output<typeof bulkSelectionSchema>;

/** A bulk action's selection: ids, or the library's query string (at most BULK_MAX results either way). */
export const selectionSchema = z.union([z.object({ ids: z.array(z.uuid()).min(1).max(BULK_MAX) }), z.object({ filters: nameText().max(4000) })]);

/**
 * The ids a selection names: its own, or those of every result its filters select (the library or
 * the trash), all or none: more than BULK_MAX is refused rather than cut.
 */
export async function selectedIds(ctx: TeamContext, selection: Selection): Promise<string[]> {
  if ('ids' in selection) return selection.ids;
  const filters = libraryFiltersSchema.safeParse(Object.fromEntries(new URLSearchParams(selection.filters)));
  if (!filters.success) throw new AppError('invalid_input', 'Those filters are not the library’s.');
  const rows = await (
    await db()
  ).generationOutput.findMany({
    where: { teamId: ctx.team.id, status: 'completed', AND: await filtered(ctx, filters.data) },
    orderBy: ORDER,
    take: BULK_MAX + 1,
    select: { id: true },
  });
  if (rows.length > BULK_MAX) throw tooMany();
  if (rows.length === 0) throw new AppError('not_found', 'No result matches these filters.', { key: 'noneMatch' });
  return rows.map((row) => row.id);
}

const tooMany = () =>
  new AppError('invalid_input', `More than ${BULK_MAX} results match: narrow the filters and act on them in parts.`, { key: 'bulkTooMany' });

/** The selected results that have a stored file, newest first, with what the manifest says of each. */
async function selectedFiles(ctx: TeamContext, selection: BulkSelection) {
  const prisma = await db();
  const rows = await prisma.generationOutput.findMany({
    where: {
      teamId: ctx.team.id,
      status: 'completed',
      assetId: { not: null },
      AND: [...(await filtered(ctx, selection)), ...(selection.ids ? [{ id: { in: selection.ids } }] : [])],
    },
    orderBy: ORDER,
    take: BULK_MAX + 1,
    select: {
      id: true,
      kind: true,
      model: true,
      seed: true,
      cost: true,
      revisedPrompt: true,
      createdAt: true,
      maskGuard: true,
      asset: { select: { id: true, storageKey: true, contentType: true, width: true, height: true } },
      rawAsset: { select: { storageKey: true, contentType: true } },
      generation: { select: { prompt: true, params: true, user: { select: { name: true } } } },
    },
  });
  if (rows.length > BULK_MAX) throw tooMany();
  if (rows.length === 0) throw new AppError('not_found', 'None of these results has a stored file in this team.');
  return rows;
}

/** A stored file's extension from its type (`image/png` → `png`). */
const extensionOf = (contentType: string) => contentType.split('/')[1] ?? 'bin';

/**
 * One streamed ZIP of the selected results, a folder per kind, with `manifest.json` first: for each
 * file its prompt, model, seed, size, cost (CNY), creation time and author, and for a masked edit
 * what the mask guard found outside the mask; beside a result the guard restored, the model's own
 * answer (`…-raw`, its entry `raw: true`). `manifest.csv` says the same of each result for a
 * spreadsheet.
 */
export async function bulkZip(ctx: TeamContext, selection: BulkSelection): Promise<ReadableStream<Uint8Array>> {
  const rows = await selectedFiles(ctx, selection);
  const results = rows.map((row) => {
    const asset = row.asset!;
    const name = `${row.kind}/${row.createdAt.toISOString().slice(0, 10)}-${row.model}-${row.id.slice(0, 8)}`;
    const guard = maskGuardView(row.maskGuard);
    return {
      file: `${name}.${extensionOf(asset.contentType)}`,
      storageKey: asset.storageKey,
      raw: guard?.restored && row.rawAsset ? { file: `${name}-raw.${extensionOf(row.rawAsset.contentType)}`, storageKey: row.rawAsset.storageKey } : null,
      manifest: {
        prompt: row.generation.prompt,
        revisedPrompt: row.revisedPrompt,
        kind: row.kind,
        model: row.model,
        seed: row.seed === null ? null : Number(row.seed),
        size: resultSize(row.generation.params, asset),
        cost: row.cost === null ? null : row.cost.toString(),
        currency: 'CNY',
        created: row.createdAt.toISOString(),
        author: row.generation.user.name,
        ...(guard ? { maskGuard: { changedFraction: guard.changedFraction, restored: guard.restored, fit: guard.fit } } : {}),
      },
    };
  });
  const manifest = results.flatMap(({ file, raw, manifest: facts }) => [
    { file, ...facts },
    ...(raw ? [{ file: raw.file, raw: true, of: file, model: facts.model }] : []),
  ]);
  return zipBody([
    jsonEntry('manifest.json', manifest),
    textEntry('manifest.csv', manifestCsv(results.map(({ file, raw, manifest: facts }) => ({ file, rawFile: raw?.file ?? null, ...facts })))),
    ...results.flatMap(({ file, storageKey, raw }) => [storedEntry(file, storageKey), ...(raw ? [storedEntry(raw.file, raw.storageKey)] : [])]),
  ]);
}
