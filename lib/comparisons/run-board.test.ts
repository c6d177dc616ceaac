import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../accounts/create-account';
import { blobStore } from '../assets/store';
import { resolveTeamContext, type TeamContext } from '../auth/context';
import { ARCHIVE_QUEUES as QUEUES } from '../assets/archive-job';
import { db } from '../runtime';
import { sumCosts } from '../upstream/cost';
import { download } from '@atelier/reference-service/testing';
import { DATABASE_KINDS } from '../../test/support/app-db';
import { testAtelier } from '../../test/support/harness';
import { estimateBoard } from '../pricing/board';
import { boardObservations, priceTable } from '../pricing/estimates';
import { getBoard, listBoards, type BoardImage, type BoardView } from './queries';
import { runBoard as requestBoard } from './run-board';
import { ran } from '../generations/approval-gate';

const runBoard = async (...args: Parameters<typeof requestBoard>) => ran(await requestBoard(...args));
import { boardInputSchema } from './schema';

// runBoard against the real reference service over HTTP and a real database (both kinds), with the
// pg-boss workers running as in the server: URL results are archived by the asset.archive job.
let ctx: TeamContext;

const input = (over: Partial<Parameters<typeof boardInputSchema.parse>[0]> = {}) =>
  boardInputSchema.parse({
    prompt: 'a red lighthouse at dusk',
    models: ['atelier-vista', 'atelier-ink'],
    size: '1024x1024',
    n: 2,
    background: 'opaque',
    seed: 42,
    ...over,
  });

type Archived = Extract<BoardImage, { state: 'archived' }>;
const imagesOf = (board: BoardView) => board.columns.flatMap((c) => c.images);

/** The board once no image is being archived any more (the archive job runs one image per poll). */
async function settled(id: string, timeoutMs = 45_000): Promise<BoardView> {
  for (const until = Date.now() + timeoutMs; ; await sleep(250)) {
    const board = (await getBoard(ctx, id))!;
    if (!imagesOf(board).some((i) => i.state === 'archiving')) return board;
    if (Date.now() > until) throw new Error(`board ${id} still archiving after ${timeoutMs} ms`);
  }
}

function archived(image: BoardImage): Archived {
  expect(image.state).toBe('archived');
  return image as Archived;
}

async function bytesOf(assetId: string) {
  const asset = await (await db()).asset.findUniqueOrThrow({ where: { id: assetId } });
  const blob = await blobStore().get(asset.storageKey);
  return { asset, bytes: Buffer.from(await new Response(blob!.body).arrayBuffer()) };
}

describe.each(DATABASE_KINDS)('running a comparison board on %s', (kind) => {
  const atelier = testAtelier(kind, { service: { SERVICE_FAIL_MODELS: 'atelier-ink', SERVICE_MODEL_LATENCY_MS: 'atelier-aquarelle=3000' }, jobs: true });
  beforeAll(async () => {
    ctx = await atelier.person('Cora');
  });

  it('answers with the service URLs, then the archive job stores the very bytes the service sent', async () => {
    const { id } = await runBoard(ctx, input());
    // Answered before archiving: the outputs point at the service, each with its job (id = output id).
    const prisma = await db();
    const rows = await prisma.generationOutput.findMany({ where: { generationId: id, status: 'completed' }, orderBy: { position: 'asc' } });
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.upstreamUrl).toMatch(new RegExp(`^${atelier.svc.url}/v1/files/`));
    expect((await Promise.all(rows.map((r) => atelier.jobs.boss.getJobById(QUEUES.archive, r.id, { includeArchive: true })))).map((j) => j?.data)).toEqual(
      rows.map((r) => ({ teamId: ctx.team.id, url: r.upstreamUrl, kind: 'image', createdById: ctx.user.id, outputId: r.id })),
    );
    const early = (await getBoard(ctx, id))!;
    for (const image of imagesOf(early)) {
      if (image.state !== 'archived') expect(image).toMatchObject({ state: 'archiving', serviceUrl: rows.find((r) => r.id === image.outputId)!.upstreamUrl });
    }

    const board = await settled(id);
    expect(board).toMatchObject({ status: 'completed', total: '0.16', params: { seed: 42, n: 2, models: ['atelier-vista', 'atelier-ink'] } });
    const [vista, ink] = board.columns;
    expect(vista).toMatchObject({ model: 'atelier-vista', cost: '0.16', error: null, revisedPrompt: expect.any(String) });
    expect(vista.images).toHaveLength(2);
    expect(ink).toMatchObject({ model: 'atelier-ink', cost: '0', images: [], error: { code: 'model_error', message: expect.stringContaining('atelier-ink') } });
    expect(sumCosts(board.columns.map((c) => c.cost))).toBe(board.total);

    // The job filled each output's assetId, and the stored files are the service's bytes.
    const after = await prisma.generationOutput.findMany({ where: { generationId: id, status: 'completed' }, orderBy: { position: 'asc' } });
    expect(after.map((o) => o.assetId)).toEqual(vista.images.map((i) => archived(i).assetId));
    for (const [i, image] of vista.images.map(archived).entries()) {
      const { asset, bytes } = await bytesOf(image.assetId);
      const original = (await download(after[i].upstreamUrl!)).bytes;
      expect(bytes.equals(original)).toBe(true);
      expect(asset).toMatchObject({ sha256: createHash('sha256').update(original).digest('hex'), sourceUrl: after[i].upstreamUrl, createdById: ctx.user.id });
      expect(image.sha256).toBe(asset.sha256);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1024 });
    }

    const ledger = await prisma.ledgerEntry.findMany({ where: { generationId: id, status: 'settled' } });
    expect(ledger.map((l) => [l.model, l.amount.toString(), l.kind])).toEqual([['atelier-vista', '0.16', 'comparison']]);
  }, 60_000);

  it('decodes base64 results into storage before answering, and the same seed gives the same files', async () => {
    const first = (await getBoard(ctx, (await runBoard(ctx, input({ models: ['atelier-mosaic'], n: 1, seed: 7, responseFormat: 'b64_json' }))).id))!;
    const a = archived(first.columns[0].images[0]);
    const second = await settled((await runBoard(ctx, input({ models: ['atelier-mosaic'], n: 1, seed: 7 }))).id);
    const b = archived(second.columns[0].images[0]);
    expect(a.sha256).toBe(b.sha256);
    const { asset, bytes } = await bytesOf(a.assetId);
    expect(asset).toMatchObject({ contentType: 'image/png', size: BigInt(bytes.length), sourceUrl: null });
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(a.sha256);
  }, 60_000);

  it('draws a seed on the server when none is locked, and records it', async () => {
    const board = (await getBoard(ctx, (await runBoard(ctx, input({ models: ['atelier-pixel'], n: 1, seed: null }))).id))!;
    expect(board.params.seed).toEqual(expect.any(Number));
  });

  it('leaves a cancelled board marked cancelled, its reservation released and nothing charged', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const error = await runBoard(ctx, input({ models: ['atelier-aquarelle'], n: 1 }), controller.signal).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'upstream_error', service: { code: 'cancelled' } });
    const prisma = await db();
    const board = await prisma.generation.findFirstOrThrow({ where: { teamId: ctx.team.id, status: 'cancelled' } });
    const lines = await prisma.ledgerEntry.findMany({ where: { generationId: board.id } });
    expect(lines.map((l) => [l.status, l.amount.toString()])).toEqual([['released', '0.06']]);
  });

  it('refuses models the service does not offer before calling it', async () => {
    await expect(runBoard(ctx, input({ models: ['no-such-model'] }))).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('lists boards newest first; what the ledger saw raises a lower list price, but never prices a model alone', async () => {
    const { items } = await listBoards(ctx);
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.map((i) => i.createdAt)).toEqual([...items.map((i) => i.createdAt)].sort().reverse());
    const observations = await boardObservations(ctx, ['atelier-vista']);
    const cheap = priceTable([{ id: 'atelier-vista', kind: 'image', price: { per_image: { '1024x1024': 0.05 } } }], observations);
    expect(estimateBoard(cheap, ['atelier-vista'], '1024x1024', 3)).toMatchObject({ total: '0.24', perModel: [{ source: 'ledger' }] });
    const unlisted = priceTable([{ id: 'atelier-vista', kind: 'image' }], observations);
    expect(estimateBoard(unlisted, ['atelier-vista'], '1024x1024', 3)).toMatchObject({ total: '0', unknown: ['atelier-vista'] });
  });

  it('keeps other teams out', async () => {
    const { items } = await listBoards(ctx);
    const other = await createAccount({ name: 'Eve', email: 'eve@example.com', password: 'password-e' });
    const eve = await resolveTeamContext(other.userId);
    expect(await getBoard(eve, items[0].id)).toBeNull();
    expect((await listBoards(eve)).items).toEqual([]);
  });

  it('shows an image whose archiving failed for good as unsaved, with the service URL while it lasts', async () => {
    // Hold the archive worker, so the board is seen before its job runs.
    await atelier.jobs.boss.offWork(QUEUES.archive);
    const { id } = await runBoard(ctx, input({ models: ['atelier-pixel'], n: 1 }));
    const [waiting] = imagesOf((await getBoard(ctx, id))!);
    expect(waiting).toMatchObject({ state: 'archiving', serviceUrl: expect.stringMatching(/^http/) });

    // The service goes away, and this is the job's last try (the earlier retries are skipped over).
    await atelier.svc.stop();
    const prisma = await db();
    await prisma.$executeRaw`UPDATE pgboss.job SET retry_count = retry_limit - 1, started_on = now() WHERE name = ${QUEUES.archive} AND id = ${waiting.outputId}::uuid`;
    const jobs = await atelier.restartJobs();
    let image: BoardImage = waiting;
    for (let i = 0; i < 120 && image.state === 'archiving'; i++) {
      await sleep(250);
      [image] = imagesOf((await getBoard(ctx, id))!);
    }
    expect((await jobs.boss.getJobById(QUEUES.archive, waiting.outputId))?.state).toBe('failed');
    expect(image).toMatchObject({ state: 'unsaved', serviceUrl: (waiting as { serviceUrl: string }).serviceUrl });
    expect(Date.parse((image as { availableUntil: string }).availableUntil) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect((await prisma.generationOutput.findUniqueOrThrow({ where: { id: waiting.outputId } })).assetId).toBeNull();

    // The link still works once the service is back: it is the user's way to the image.
    await atelier.svc.restart();
    expect((await download((image as { serviceUrl: string }).serviceUrl)).status).toBe(200);
  }, 60_000);
});
