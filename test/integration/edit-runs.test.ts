import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamContext } from '../../lib/auth/context';
import { readTeamImage } from '../../lib/edits/assets';
import { editZip } from '../../lib/edits/edit-zip';
import { pickResult } from '../../lib/edits/history';
import { editRequestSchema, type EditOutcome } from '../../lib/edits/run-edit';
import { runEdit } from '../support/runs';
import { updateBudgets } from '../../lib/ledger/budgets';
import { sweepReservations } from '../../lib/ledger/sweep';
import { setKnobs } from '@atelier/reference-service/testing';
import { db, runtime } from '../../lib/runtime';
import { readZip } from '../../e2e/support/zip';
import { testAtelier, type TestAtelier } from '../support/harness';

// Edit runs of several requests against the real reference service: variants, an edit board with a
// failing and a leaky model, the mask guard restoring outside the mask, and budgets that hold the
// run's requests together on PostgreSQL, where 50 runs really go side by side.

/** The reference catalog's edit prices for the small pictures here (up to 512 px; packages/reference-service/catalog.json). */
const PRICES = { 'atelier-edit': 0.1, 'atelier-edit-hd': 0.2, 'atelier-edit-fast': 0.02, 'atelier-edit-fill': 0.35 } as const;
const BOARD = Object.keys(PRICES);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'edit-runs-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A picture with texture (a gradient under a seeded grain), as PNG. */
async function picture(width: number, height: number): Promise<Buffer> {
  const rgb = Buffer.alloc(width * height * 3);
  let state = 3;
  for (let p = 0; p < width * height; p++) {
    state = (state * 1103515245 + 12345) >>> 0;
    const grain = (state >>> 24) % 12;
    rgb[p * 3] = 60 + ((120 * (p % width)) / width + grain);
    rgb[p * 3 + 1] = 80 + grain;
    rgb[p * 3 + 2] = 140 - grain;
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A white rectangle over the middle third of a black mask. */
async function middleMask(width: number, height: number): Promise<{ png: Buffer; weights: Uint8Array }> {
  const weights = new Uint8Array(width * height);
  for (let y = Math.floor(height / 3); y < Math.floor((2 * height) / 3); y++)
    weights.fill(255, y * width + Math.floor(width / 3), y * width + Math.floor((2 * width) / 3));
  return {
    png: await sharp(weights, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer(),
    weights,
  };
}

async function file(bytes: Buffer) {
  const where = path.join(dir, `${randomUUID()}.png`);
  await writeFile(where, bytes);
  return { path: where, bytes: bytes.length };
}

/** A masked local edit as the studio sends it. */
async function request(image: Buffer, mask: Buffer, over: Record<string, unknown> = {}) {
  return editRequestSchema.parse({
    requestId: randomUUID(),
    kind: 'local',
    prompt: 'make the middle brighter',
    image: await file(image),
    mask: await file(mask),
    ...over,
  });
}

const rgb = async (bytes: Uint8Array) => (await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;

/** Pixels where the mask is 0 that differ from the original's. */
async function keptDiffer(ctx: TeamContext, original: Buffer, assetId: string, weights: Uint8Array): Promise<number> {
  const [a, b] = [await rgb(original), await rgb(await readTeamImage(ctx, assetId))];
  expect(b.length).toBe(a.length);
  let differ = 0;
  for (let p = 0; p < weights.length; p++)
    if (weights[p] === 0 && (a[p * 3] !== b[p * 3] || a[p * 3 + 1] !== b[p * 3 + 1] || a[p * 3 + 2] !== b[p * 3 + 2])) differ++;
  return differ;
}

/**
 * An edit the sweep ends while the service still works on it (its model held there): when the
 * answer comes, nothing is recorded or charged, the files stored for it are gone, and the caller is told.
 */
async function endedWhileRunning(atelier: TestAtelier, ctx: TeamContext) {
  const prisma = await db();
  const image = await picture(240, 200);
  const filesBefore = await prisma.asset.count({ where: { teamId: ctx.team.id } });
  await setKnobs(atelier.svc, { heldModels: ['atelier-edit'] });
  try {
    const running = runEdit(ctx, await request(image, (await middleMask(240, 200)).png, { model: 'atelier-edit' }), new AbortController().signal).catch(
      (error: unknown) => error,
    );
    await expect.poll(() => prisma.generation.count({ where: { teamId: ctx.team.id, kind: 'edit', status: 'running' } }), { interval: 20 }).toBe(1);
    // Past the sweep's time limit for an edit, on its own clock.
    await sweepReservations((await runtime()).db, new Date(Date.now() + 11 * 60_000));
    await setKnobs(atelier.svc, { heldModels: [] });
    expect(await running).toMatchObject({ code: 'conflict', key: 'editEnded' });
  } finally {
    await setKnobs(atelier.svc, { heldModels: [] });
  }
  const generation = await prisma.generation.findFirstOrThrow({ where: { teamId: ctx.team.id, kind: 'edit' }, orderBy: { createdAt: 'desc' } });
  expect(generation.status).toBe('failed');
  expect(await prisma.generationOutput.count({ where: { generationId: generation.id } })).toBe(0);
  expect(await prisma.ledgerEntry.count({ where: { generationId: generation.id, status: 'settled' } })).toBe(0);
  // The upload and mask stay with the failed edit (it can be run again); the answer's file is gone.
  expect(await prisma.asset.count({ where: { teamId: ctx.team.id } })).toBe(filesBefore + 2);
}

describe('edit runs and the mask guard', () => {
  const atelier = testAtelier('pglite', {
    knobs: { leakyModels: 'atelier-edit-fast=0.3,atelier-edit-hd=0:1024x1024', failModels: ['atelier-edit-fill'] },
  });
  let ctx: TeamContext;
  beforeAll(async () => {
    ctx = await atelier.person('Mina');
  });

  it('measures a model that changes 30 % outside the mask within a point, and restores every pixel there', async () => {
    const image = await picture(480, 320);
    const mask = await middleMask(480, 320);
    const outcome = await runEdit(ctx, await request(image, mask.png, { model: 'atelier-edit-fast' }), new AbortController().signal);
    const [result] = outcome.results;
    expect(Math.abs(result.maskGuard!.changedFraction - 0.3)).toBeLessThan(0.01);
    expect(result.maskGuard).toMatchObject({ restored: true, fit: 'exact' });
    expect(await keptDiffer(ctx, image, result.resultAssetId!, mask.weights)).toBe(0);
    // The model's own answer is kept beside it, with its leak.
    expect(await keptDiffer(ctx, image, result.rawAssetId!, mask.weights)).toBeGreaterThan(0.25 * 480 * 320 * (8 / 9));
    const row = await (await db()).generationOutput.findUniqueOrThrow({ where: { id: result.outputId } });
    expect(row.maskChanged).toBeCloseTo(result.maskGuard!.changedFraction, 9);
  });

  it('brings an answer at 1024×1024 back to a 1600×1067 original, and keeps the raw answer when the team turned restoring off', async () => {
    const image = await picture(1600, 1067);
    const mask = await middleMask(1600, 1067);
    const restored = (await runEdit(ctx, await request(image, mask.png, { model: 'atelier-edit-hd' }), new AbortController().signal)).results[0];
    expect(restored.maskGuard).toMatchObject({ fit: 'padded', answeredAt: { width: 1024, height: 1024 }, restored: true });
    const meta = await sharp(await readTeamImage(ctx, restored.resultAssetId!)).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1067]);
    expect(await keptDiffer(ctx, image, restored.resultAssetId!, mask.weights)).toBe(0);

    await (await db()).team.update({ where: { id: ctx.team.id }, data: { maskGuard: false } });
    try {
      const kept = (await runEdit(ctx, await request(image, mask.png, { model: 'atelier-edit-fast' }), new AbortController().signal)).results[0];
      expect(kept.maskGuard).toMatchObject({ restored: false, fit: 'exact' });
      expect(Math.abs(kept.maskGuard!.changedFraction - 0.3)).toBeLessThan(0.01);
      expect(kept.rawAssetId).toBeNull();
      expect(await keptDiffer(ctx, image, kept.resultAssetId!, mask.weights)).toBeGreaterThan(0);
    } finally {
      await (await db()).team.update({ where: { id: ctx.team.id }, data: { maskGuard: true } });
    }
  }, 60_000);

  it('an edit board of 4 models: 3 results and a failure, only what ran is charged, and its ZIP says so', async () => {
    const image = await picture(320, 240);
    const mask = await middleMask(320, 240);
    const outcome = await runEdit(ctx, await request(image, mask.png, { models: BOARD.join(',') }), new AbortController().signal);
    expect(outcome.mode).toBe('board');
    expect(outcome.results.map((r) => [r.model, r.status])).toEqual([
      ['atelier-edit', 'completed'],
      ['atelier-edit-hd', 'completed'],
      ['atelier-edit-fast', 'completed'],
      ['atelier-edit-fill', 'failed'],
    ]);
    expect(outcome.results[3]).toMatchObject({ cost: '0', error: { code: 'model_error' } });
    expect(Number(outcome.cost.amount)).toBeCloseTo(PRICES['atelier-edit'] + PRICES['atelier-edit-hd'] + PRICES['atelier-edit-fast'], 6);
    for (const r of outcome.results.slice(0, 3)) expect(r.upstreamMs).toBeGreaterThan(0);
    const ledger = await (await db()).ledgerEntry.findMany({ where: { generationId: outcome.generationId } });
    // The reservation of all four is released; what ran is settled, and the failed model is charged nothing.
    expect(ledger.filter((line) => line.status === 'reserved')).toEqual([]);
    const settled = ledger.filter((line) => line.status === 'settled');
    expect(settled.map((line) => line.model).sort()).toEqual(['atelier-edit', 'atelier-edit-fast', 'atelier-edit-hd']);
    expect(settled.reduce((sum, line) => sum + Number(line.amount), 0)).toBeCloseTo(Number(outcome.cost.amount), 6);

    const { names, manifest } = readZip<{ results: Array<{ model: string; status: string; file: string | null; raw: string | null; maskGuard: unknown }> }>(
      Buffer.from(await new Response(await editZip(ctx, outcome.generationId)).arrayBuffer()),
    );
    expect(names).toEqual([
      'manifest.json',
      'original.png',
      'mask.png',
      '1-atelier-edit.png',
      '2-atelier-edit-hd.png',
      '2-atelier-edit-hd-raw.png',
      '3-atelier-edit-fast.png',
      '3-atelier-edit-fast-raw.png',
    ]);
    expect(manifest.results.map((r) => [r.model, r.status, r.file])).toEqual([
      ['atelier-edit', 'completed', '1-atelier-edit.png'],
      ['atelier-edit-hd', 'completed', '2-atelier-edit-hd.png'],
      ['atelier-edit-fast', 'completed', '3-atelier-edit-fast.png'],
      ['atelier-edit-fill', 'failed', null],
    ]);
  }, 60_000);

  it('variants: three files made with three seeds, and "use this one" is the one a continuation starts from', async () => {
    const image = await picture(320, 240);
    const mask = await middleMask(320, 240);
    const outcome: EditOutcome = await runEdit(ctx, await request(image, mask.png, { variants: '3', seed: '100' }), new AbortController().signal);
    expect(outcome.mode).toBe('variants');
    expect(outcome.results.map((r) => r.seed)).toEqual([100, 101, 102]);
    const files = await Promise.all(outcome.results.map(async (r) => Buffer.from(await readTeamImage(ctx, r.resultAssetId!)).toString('base64')));
    expect(new Set(files).size).toBe(3);
    expect(outcome.resultAssetId).toBe(outcome.results[0].resultAssetId);

    expect(await pickResult(ctx, outcome.generationId, outcome.results[2].outputId)).toBe(outcome.results[2].resultAssetId);
    const next = await runEdit(
      ctx,
      editRequestSchema.parse({
        requestId: randomUUID(),
        kind: 'style',
        prompt: 'in watercolour style',
        assetId: outcome.results[2].resultAssetId,
        parentId: outcome.generationId,
      }),
      new AbortController().signal,
    );
    expect(next.originalAssetId).toBe(outcome.results[2].resultAssetId);
    const { editChain } = await import('../../lib/edits/history');
    const chain = (await editChain(ctx, next.generationId))!;
    expect(chain.map((v) => v.resultAssetId)).toEqual([outcome.results[2].resultAssetId, next.resultAssetId]);
  }, 60_000);

  // Last: it leaves a failed edit behind.
  it('drops the answer to an edit the sweep ended meanwhile: nothing recorded, charged or left stored', () => endedWhileRunning(atelier, ctx));
});

describe('budgets hold an edit run together on PostgreSQL', () => {
  const atelier = testAtelier('postgres');
  let ctx: TeamContext;
  let image: Buffer;
  let mask: Buffer;
  beforeAll(async () => {
    ctx = await atelier.person('Rui');
    image = await picture(256, 256);
    mask = (await middleMask(256, 256)).png;
  });
  const budget = (teamBudget: string) => updateBudgets(ctx, { teamBudget, hard: true, timeZone: 'Asia/Shanghai', members: [] });

  async function spent() {
    const lines = await (await db()).ledgerEntry.findMany({ where: { teamId: ctx.team.id } });
    return {
      settled: lines.filter((l) => l.status === 'settled').reduce((s, l) => s + Number(l.amount), 0),
      reserved: lines.filter((l) => l.status === 'reserved').length,
    };
  }

  it('refuses variants the budget has room for only 2 of 3 of, before anything is spent', async () => {
    await budget((PRICES['atelier-edit'] * 2.5).toFixed(2));
    const refused = await runEdit(ctx, await request(image, mask, { variants: '3' }), new AbortController().signal).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'budget_exceeded', values: { estimate: '0.30' } });
    expect(await (await db()).generation.count({ where: { teamId: ctx.team.id } })).toBe(0);
    expect(await spent()).toEqual({ settled: 0, reserved: 0 });
  });

  it("lets at most 10 models' worth of 50 concurrent boards of 4 run, and spends no more than the budget", async () => {
    const board = Object.values(PRICES).reduce((a, b) => a + b, 0);
    const limit = (board * 2.5).toFixed(4); // 10 models' worth: two boards of 4 fit, a third does not
    await budget(limit);
    const runs = await Promise.allSettled(
      Array.from({ length: 50 }, async () => runEdit(ctx, await request(image, mask, { models: BOARD.join(',') }), new AbortController().signal)),
    );
    const passed = runs.filter((r) => r.status === 'fulfilled');
    const refused = runs.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    for (const error of refused) expect(error).toMatchObject({ code: 'budget_exceeded' });
    expect(passed).toHaveLength(2);
    const outputs = await (await db()).generationOutput.count({ where: { teamId: ctx.team.id } });
    expect(outputs).toBeLessThanOrEqual(10);
    const { settled, reserved } = await spent();
    expect(settled).toBeLessThanOrEqual(Number(limit));
    expect(settled).toBeCloseTo(board * 2, 6);
    expect(reserved).toBe(0);
  }, 180_000);

  // Last: it leaves a failed edit behind. Without the limits above.
  it('drops the answer to an edit the sweep ended meanwhile: nothing recorded, charged or left stored', async () => {
    await updateBudgets(ctx, { teamBudget: null, hard: false, timeZone: 'Asia/Shanghai', members: [] });
    await endedWhileRunning(atelier, ctx);
  });
});
