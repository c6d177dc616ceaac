import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamContext } from '../../lib/auth/context';
import { readTeamImage } from '../../lib/edits/assets';
import { pickResult } from '../../lib/edits/history';
import { editRequestSchema, type EditOutcome } from '../../lib/edits/run-edit';
import { runEdit } from '../support/runs';
import { bulkSelectionSchema, bulkZip } from '../../lib/library/bulk';
import { getLibraryItem, libraryQuerySchema, listLibrary } from '../../lib/library/items';
import { readZip } from '../../e2e/support/zip';
import { testAtelier } from '../support/harness';

// The mask guard's finding where the library shows and exports results, from real edits against the
// reference service with a model that leaks outside the mask: an edit board's results each in the
// library, the guard's figure and the raw answer on an item, the raw answer beside the restored
// result in the ZIP (manifest.json and manifest.csv), and the picked result in a later edit's lineage.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mask-guard-library-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function file(bytes: Buffer) {
  const where = path.join(dir, `${randomUUID()}.png`);
  await writeFile(where, bytes);
  return { path: where, bytes: bytes.length };
}

/** A gradient with some grain, and a mask over its middle third. */
async function pictureAndMask(width: number, height: number): Promise<{ image: Buffer; mask: Buffer }> {
  const rgb = Buffer.alloc(width * height * 3);
  const weights = Buffer.alloc(width * height);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      rgb.set([50 + (150 * x) / width + (p % 7), 90 + (p % 5), 150 - (p % 9)], p * 3);
      if (x >= width / 3 && x < (2 * width) / 3 && y >= height / 3 && y < (2 * height) / 3) weights[p] = 255;
    }
  }
  const png = (data: Buffer, channels: 1 | 3) => sharp(data, { raw: { width, height, channels } }).png().toBuffer();
  return { image: await png(rgb, 3), mask: await png(weights, 1) };
}

interface ManifestEntry {
  file: string;
  model: string;
  raw?: true;
  of?: string;
  maskGuard?: { changedFraction: number; restored: boolean; fit: string };
}

describe('the mask guard in the library', () => {
  const atelier = testAtelier('pglite', { knobs: { leakyModels: 'atelier-edit-fast=0.3' } });
  let ctx: TeamContext;
  let board: EditOutcome;
  let plain: EditOutcome;

  beforeAll(async () => {
    ctx = await atelier.person('Lena');
    const { image, mask } = await pictureAndMask(320, 240);
    const signal = new AbortController().signal;
    board = await runEdit(
      ctx,
      editRequestSchema.parse({
        requestId: randomUUID(),
        kind: 'local',
        prompt: 'brighten the middle',
        image: await file(image),
        mask: await file(mask),
        models: 'atelier-edit,atelier-edit-fast',
      }),
      signal,
    );
    plain = await runEdit(
      ctx,
      editRequestSchema.parse({ requestId: randomUUID(), kind: 'style', prompt: 'in watercolour style', image: await file(image) }),
      signal,
    );
  }, 60_000);

  it('lists each result of an edit board as an item of its own, in the order of its models', async () => {
    const { items } = await listLibrary(ctx, libraryQuerySchema.parse({}));
    expect(items.filter((i) => i.generationId === board.generationId).map((i) => [i.id, i.model])).toEqual(board.results.map((r) => [r.outputId, r.model]));
  });

  it('gives an item the guard’s finding, and the model’s own answer when the result shown is restored', async () => {
    const [exact, leaky] = board.results;
    const kept = await getLibraryItem(ctx, exact.outputId);
    expect(kept).toMatchObject({ maskGuard: { changedFraction: 0, restored: false, fit: 'exact' }, rawAssetId: null });
    const restored = (await getLibraryItem(ctx, leaky.outputId))!;
    expect(restored.maskGuard).toMatchObject({ restored: true, fit: 'exact' });
    expect(Math.abs(restored.maskGuard!.changedFraction - 0.3)).toBeLessThan(0.01);
    expect(restored.rawAssetId).toBe(leaky.rawAssetId);
    expect(restored.assetId).toBe(leaky.resultAssetId);
    expect((await getLibraryItem(ctx, plain.results[0].outputId))?.maskGuard).toBeNull();
  });

  it('puts the raw answer beside the restored result in the ZIP, marked in manifest.json, and the figures in manifest.csv', async () => {
    const [exact, leaky] = board.results;
    const ids = [...board.results, ...plain.results].map((r) => r.outputId);
    const zip = Buffer.from(await new Response(await bulkZip(ctx, bulkSelectionSchema.parse({ ids: ids.join(',') }))).arrayBuffer());
    const { names, manifest } = readZip<ManifestEntry[]>(zip);
    // Each result's file is named with the start of its output's id.
    const fileOf = (result: { outputId: string }) => manifest.find((m) => !m.raw && m.file.includes(result.outputId.slice(0, 8)))!.file;
    const raw = fileOf(leaky).replace(/\.png$/, '-raw.png');
    // Newest first: the unmasked edit, then the board's results in model order, the raw answer beside its result.
    expect(names).toEqual(['manifest.json', 'manifest.csv', fileOf(plain.results[0]), fileOf(exact), fileOf(leaky), raw]);
    expect(manifest.map(({ file, raw: isRaw, of, maskGuard }) => ({ file, raw: isRaw, of, restored: maskGuard?.restored }))).toEqual([
      { file: fileOf(plain.results[0]), raw: undefined, of: undefined, restored: undefined },
      { file: fileOf(exact), raw: undefined, of: undefined, restored: false },
      { file: fileOf(leaky), raw: undefined, of: undefined, restored: true },
      { file: raw, raw: true, of: fileOf(leaky), restored: undefined },
    ]);

    // The files are the stored ones: the restored result, and the model's own answer as it sent it.
    const { files } = readZip(zip, [fileOf(leaky), raw, 'manifest.csv']);
    expect(files[fileOf(leaky)].equals(Buffer.from(await readTeamImage(ctx, leaky.resultAssetId!)))).toBe(true);
    expect(files[raw].equals(Buffer.from(await readTeamImage(ctx, leaky.rawAssetId!)))).toBe(true);

    const [header, ...rows] = files['manifest.csv']
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const columns = header.split(',');
    expect(columns.slice(-3)).toEqual(['mask_changed', 'mask_restored', 'raw_file']);
    const cells = (row: string) => Object.fromEntries(row.split(',').map((cell, i) => [columns[i], cell]));
    expect(rows.map(cells).map((c) => [c.model, c.mask_changed, c.mask_restored, c.raw_file])).toEqual([
      [plain.results[0].model, '', '', ''],
      ['atelier-edit', '0.0', 'false', ''],
      ['atelier-edit-fast', (leaky.maskGuard!.changedFraction * 100).toFixed(1), 'true', raw],
    ]);
    expect(exact.rawAssetId).toBeNull();
  });

  it('shows a later edit coming from the result that was picked, not the first', async () => {
    const [, leaky] = board.results;
    await pickResult(ctx, board.generationId, leaky.outputId);
    const next = await runEdit(
      ctx,
      editRequestSchema.parse({
        requestId: randomUUID(),
        kind: 'style',
        prompt: 'as a pencil drawing',
        assetId: leaky.resultAssetId,
        parentId: board.generationId,
      }),
      new AbortController().signal,
    );
    const item = (await getLibraryItem(ctx, next.results[0].outputId))!;
    expect(item.lineage?.steps.map((s) => s.assetId)).toEqual([leaky.resultAssetId]);
  }, 30_000);
});
