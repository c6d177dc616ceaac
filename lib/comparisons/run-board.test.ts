import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../accounts/create-account';
import { blobStore } from '../assets/store';
import { resolveTeamContext, type TeamContext } from '../auth/context';
import { storeUserKey } from '../keys/service-keys';
import { db } from '../runtime';
import { sumCosts } from '../upstream/cost';
import { startService, type RunningService } from '../../test/support/service';
import { useFreshDatabase } from '../../test/support/app-db';
import { estimateBoard, priceTable } from './estimate';
import { getBoard, listBoards, recentObservations } from './queries';
import { runBoard } from './run-board';
import { boardInputSchema } from './schema';

// runBoard against the real reference service over HTTP and a real (PGlite) database.
let svc: RunningService;
let teardown: () => Promise<void>;
let ctx: TeamContext;

const input = (over: Partial<Parameters<typeof boardInputSchema.parse>[0]> = {}) =>
  boardInputSchema.parse({ prompt: 'a red lighthouse at dusk', models: ['atelier-vista', 'atelier-ink'], size: '1024x1024', n: 2, background: 'opaque', seed: 42, ...over });

async function bytesOf(assetId: string) {
  const asset = await (await db()).asset.findUniqueOrThrow({ where: { id: assetId } });
  const blob = await blobStore().get(asset.storageKey);
  return { asset, bytes: Buffer.from(await new Response(blob!.body).arrayBuffer()) };
}

beforeAll(async () => {
  svc = await startService({ SERVICE_FAIL_MODELS: 'atelier-ink', SERVICE_MODEL_LATENCY_MS: 'atelier-aquarelle=3000' });
  teardown = await useFreshDatabase('pglite', { UPSTREAM_BASE_URL: svc.url });
  const { userId, teamId } = await createAccount({ name: 'Cora', email: 'cora@example.com', password: 'password-c' });
  await storeUserKey(userId, svc.key);
  ctx = await resolveTeamContext(userId, { teamId, strict: true });
}, 60_000);
afterAll(async () => {
  await teardown?.();
  await svc?.dispose();
});

describe('running a comparison board', () => {
  it('stores every image, the failed model, the ledger lines and the totals in one board', async () => {
    const { id } = await runBoard(ctx, input());
    const board = (await getBoard(ctx, id))!;
    expect(board).toMatchObject({ status: 'completed', total: '0.16', params: { seed: 42, n: 2, models: ['atelier-vista', 'atelier-ink'] } });
    const [vista, ink] = board.columns;
    expect(vista).toMatchObject({ model: 'atelier-vista', cost: '0.16', error: null, revisedPrompt: expect.any(String) });
    expect(vista.images).toHaveLength(2);
    expect(ink).toMatchObject({ model: 'atelier-ink', cost: '0', images: [], error: { code: 'model_error', message: expect.stringContaining('atelier-ink') } });
    expect(sumCosts(board.columns.map((c) => c.cost))).toBe(board.total);

    const { asset, bytes } = await bytesOf(vista.images[0].assetId);
    expect(asset.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1024 });

    const ledger = await (await db()).ledgerEntry.findMany({ where: { generationId: id, status: 'settled' } });
    expect(ledger.map((l) => [l.model, l.amount.toString(), l.kind])).toEqual([['atelier-vista', '0.16', 'comparison']]);
  });

  it('decodes base64 results into storage, and the same seed gives the same files', async () => {
    const first = (await getBoard(ctx, (await runBoard(ctx, input({ models: ['atelier-mosaic'], n: 1, seed: 7, responseFormat: 'b64_json' }))).id))!;
    const second = (await getBoard(ctx, (await runBoard(ctx, input({ models: ['atelier-mosaic'], n: 1, seed: 7 }))).id))!;
    const a = first.columns[0].images[0];
    const b = second.columns[0].images[0];
    expect(a.sha256).toBe(b.sha256);
    const { asset, bytes } = await bytesOf(a.assetId);
    expect(asset).toMatchObject({ contentType: 'image/png', size: BigInt(bytes.length), sourceUrl: null });
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(a.sha256);
  });

  it('draws a seed on the server when none is locked, and records it', async () => {
    const board = (await getBoard(ctx, (await runBoard(ctx, input({ models: ['atelier-pixel'], n: 1, seed: null }))).id))!;
    expect(board.params.seed).toEqual(expect.any(Number));
  });

  it('leaves a cancelled board marked cancelled, its reservation released and nothing charged', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const error = await runBoard(ctx, input({ models: ['atelier-aquarelle'], n: 1 }), controller.signal).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'upstream_error', details: { upstreamCode: 'cancelled' } });
    const prisma = await db();
    const board = await prisma.generation.findFirstOrThrow({ where: { teamId: ctx.team.id, status: 'cancelled' } });
    const lines = await prisma.ledgerEntry.findMany({ where: { generationId: board.id } });
    expect(lines.map((l) => [l.status, l.amount.toString()])).toEqual([['released', '0.06']]);
  });

  it('refuses models the service does not offer before calling it', async () => {
    await expect(runBoard(ctx, input({ models: ['no-such-model'] }))).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('lists boards newest first, and estimates from the ledger where no list price exists', async () => {
    const { items } = await listBoards(ctx);
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.map((i) => i.createdAt)).toEqual([...items.map((i) => i.createdAt)].sort().reverse());
    const observations = await recentObservations(ctx);
    const table = priceTable([{ id: 'atelier-vista', kind: 'image' }], observations);
    expect(estimateBoard(table, ['atelier-vista'], '1024x1024', 3)).toMatchObject({ total: '0.24', perModel: [{ source: 'ledger' }] });
  });

  it('keeps other teams out', async () => {
    const { items } = await listBoards(ctx);
    const other = await createAccount({ name: 'Eve', email: 'eve@example.com', password: 'password-e' });
    const eve = await resolveTeamContext(other.userId);
    expect(await getBoard(eve, items[0].id)).toBeNull();
    expect((await listBoards(eve)).items).toEqual([]);
  });
});
