import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TeamContext } from '../../lib/auth/context';
import { blobStore } from '../../lib/assets/store';
import { boardZip } from '../../lib/comparisons/board-zip';
import { getBoard, listBoards } from '../../lib/comparisons/queries';
import { runBoard } from '../support/runs';
import { boardInputSchema } from '../../lib/comparisons/schema';
import { db } from '../../lib/runtime';
import { readZip } from '../../e2e/support/zip';
import { DATABASE_KINDS } from '../support/app-db';
import { testAtelier } from '../support/harness';

// A board and a rerun of one of its columns, against the real service: the board's total counts
// every run of every column wherever it is shown or exported, and the ZIP's manifest gives each
// image its own cost and seed and each run of a column its own time.

interface Run {
  board: string;
  created: string;
  elapsedMs: number | null;
  seed: number;
  cost: string;
  files: Array<{ file: string; seed: number | null; cost: string | null }>;
}
type Manifest = { total: string; elapsedMs: number; created: string; models: Array<Run & { model: string; reruns: Run[] }> };

describe.each(DATABASE_KINDS)('a board and its reruns on %s', (kind) => {
  const atelier = testAtelier(kind, { jobs: true });
  let ctx: TeamContext;
  let boardId: string;
  let rerunId: string;
  // atelier-vista costs 0.08 an image, atelier-pixel 0.04: two images each, 0.16 + 0.08; the rerun of pixel 0.08 more.
  const input = (over: Record<string, unknown>) =>
    boardInputSchema.parse({ prompt: 'a paper boat on a pond', size: '1024x1024', n: 2, background: 'opaque', responseFormat: 'b64_json', ...over });

  beforeAll(async () => {
    ctx = await atelier.person('Oskar');
    boardId = (await runBoard(ctx, input({ models: ['atelier-vista', 'atelier-pixel'], seed: 42 }))).id;
    rerunId = (await runBoard(ctx, input({ models: ['atelier-pixel'], seed: 7, parentId: boardId }))).id;
  }, 120_000);

  it("counts every run of every column in the board's total, on the board and in the history", async () => {
    const board = (await getBoard(ctx, boardId))!;
    expect(board.columns.map((c) => [c.model, c.cost, c.versions.map((v) => v.column.cost)])).toEqual([
      ['atelier-vista', '0.16', []],
      ['atelier-pixel', '0.08', ['0.08']],
    ]);
    expect(board.total).toBe('0.32');
    const { items } = await listBoards(ctx);
    expect(items.find((item) => item.id === boardId)!.total).toBe('0.32');
  });

  it("the ZIP's manifest: the whole total, each image its own cost and seed, each run its own time", async () => {
    const stream = await boardZip(ctx, boardId);
    const { names, manifest } = readZip<Manifest>(Buffer.from(await new Response(stream).arrayBuffer()));
    expect(manifest.total).toBe('0.32');
    expect(names).toEqual([
      'manifest.json',
      'atelier-vista/1.png',
      'atelier-vista/2.png',
      'atelier-pixel/1.png',
      'atelier-pixel/2.png',
      'atelier-pixel/v2/1.png',
      'atelier-pixel/v2/2.png',
    ]);
    const [vista, pixel] = manifest.models;
    // Each image: its share of its model's cost (adding up to it) and the seed that made it.
    expect(vista.files.map((f) => [f.file, f.seed, f.cost])).toEqual([
      ['atelier-vista/1.png', 42, '0.08'],
      ['atelier-vista/2.png', 43, '0.08'],
    ]);
    expect(pixel.files.map((f) => [f.seed, f.cost])).toEqual([
      [42, '0.04'],
      [43, '0.04'],
    ]);
    expect(pixel.reruns.map((r) => [r.board, r.seed, r.cost, r.files.map((f) => [f.file, f.seed, f.cost])])).toEqual([
      [
        rerunId,
        7,
        '0.08',
        [
          ['atelier-pixel/v2/1.png', 7, '0.04'],
          ['atelier-pixel/v2/2.png', 8, '0.04'],
        ],
      ],
    ]);
    // The board's columns were made by one request; the rerun came later, in its own time.
    const rerun = await (await db()).generation.findUniqueOrThrow({ where: { id: rerunId } });
    expect([vista.created, pixel.created]).toEqual([manifest.created, manifest.created]);
    expect([vista.elapsedMs, pixel.elapsedMs]).toEqual([manifest.elapsedMs, manifest.elapsedMs]);
    expect(pixel.reruns[0].created).toBe(rerun.createdAt.toISOString());
    expect(pixel.reruns[0].elapsedMs).toBe(rerun.completedAt!.getTime() - rerun.createdAt.getTime());
    expect(pixel.reruns[0].created > manifest.created).toBe(true);

    // The two images of a model really differ, as their seeds say.
    const outputs = await (await db()).generationOutput.findMany({ where: { generationId: boardId, model: 'atelier-pixel' }, include: { asset: true } });
    const hashes = await Promise.all(
      outputs.map(async (o) =>
        createHash('sha256')
          .update(Buffer.from(await new Response((await blobStore().get(o.asset!.storageKey))!.body).arrayBuffer()))
          .digest('hex'),
      ),
    );
    expect(new Set(hashes).size).toBe(2);
  });
});
