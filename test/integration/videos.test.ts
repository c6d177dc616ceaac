import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as webhook } from '../../app/api/webhooks/video/[taskId]/[token]/route';
import type { TeamContext } from '../../lib/auth/context';
import { blobStore } from '../../lib/assets/store';
import { db } from '../../lib/runtime';
import type { CreateVideoInput } from '../../lib/videos/create-video';
import { createVideo } from '../support/runs';
import { listVideos, videoStatuses } from '../../lib/videos/queries';
import { recordReading } from '../../lib/videos/sync-task';
import { readMp4 } from '@atelier/reference-service/testing';
import { DATABASE_KINDS } from '../support/app-db';
import { eventually, testAtelier } from '../support/harness';

// PostgreSQL only: each case renders real videos, and on PGlite (the embedded default) the same
// flows run end to end in e2e/videos.spec.ts and e2e/restart.spec.ts, whose server holds PGlite.
describe.each(DATABASE_KINDS.filter((kind) => kind === 'postgres'))('video tasks on %s', (kind) => {
  const atelier = testAtelier(kind, {
    knobs: { failModels: ['atelier-motion-pro'] },
    env: { ATELIER_PUBLIC_URL: 'http://localhost:3999' },
    jobs: true,
  });
  let ctx: TeamContext;
  beforeAll(async () => {
    ctx = await atelier.person('Vera');
  });
  /** Starts a video as Vera: 3 s of atelier-motion at 480p, 16:9, no audio, unless said otherwise. */
  const startVideo = (input: Partial<CreateVideoInput> & { prompt: string }) =>
    createVideo(ctx, { model: 'atelier-motion', duration: 3, resolution: '480p', audio: false, aspectRatio: '16:9', ...input });
  /** Gives the task a webhook token, and returns a delivery to it: with that token unless told another. */
  const webhookFor = async (videoTaskId: string, token: string) => {
    const prisma = await db();
    await prisma.videoTask.update({ where: { id: videoTaskId }, data: { webhookTokenHash: createHash('sha256').update(token).digest('hex') } });
    return (t = token, body = '{"type":"video_generation.completed","data":{"status":"completed","progress":100}}') =>
      webhook(new Request('http://localhost/x', { method: 'POST', body }), { params: Promise.resolve({ taskId: videoTaskId, token: t }) });
  };

  it('completes by polling alone (no reachable webhook), archives the MP4 and records the cost', async () => {
    const { generationId, videoTaskId } = await startVideo({ prompt: 'waves at dusk' });
    const prisma = await db();
    expect((await prisma.videoTask.findUnique({ where: { id: videoTaskId } }))!.webhookTokenHash).toBeNull();
    const done = await eventually(async () => {
      const g = await prisma.generation.findUnique({
        where: { id: generationId },
        include: { outputs: { include: { asset: true } }, ledger: true, videoTask: true },
      });
      return g?.status === 'completed' ? g : null;
    });
    expect(done.videoTask).toMatchObject({ status: 'completed', progress: 100 });
    expect(done.costTotal!.toString()).toBe('0.3');
    // The estimate was reserved at the start, then released for the charge the service reported.
    expect(done.ledger.map((l) => [l.status, l.model, l.amount.toString(), l.kind]).sort()).toEqual([
      ['released', 'atelier-motion', '0.3', 'video'],
      ['settled', 'atelier-motion', '0.3', 'video'],
    ]);
    const asset = done.outputs[0].asset!;
    expect(asset.contentType).toBe('video/mp4');
    const stored = await blobStore().get(asset.storageKey);
    const mp4 = readMp4(Buffer.from(await new Response(stored!.body).arrayBuffer()));
    expect(mp4.tracks[0]).toMatchObject({ codec: 'avc1', width: 854, height: 480 });
  }, 90_000);

  it('keeps the last known progress and the service’s last estimate: served at once, never backwards, counted down across a restart', async () => {
    const { generationId, videoTaskId } = await startVideo({ prompt: 'a slow pan, read out of order' });
    const prisma = await db();
    // Detached from the service (its syncs then write nothing), so only the readings below write the task.
    await prisma.videoTask.update({ where: { id: videoTaskId }, data: { upstreamTaskId: null } });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const read = (progress: number, estimatedRemaining: number | null) =>
      recordReading(videoTaskId, { completed: false, progress, estimatedRemaining, expiresAt: null });
    /** What the page's poll is answered (GET /api/videos/status). */
    const served = async () => (await videoStatuses(ctx, [generationId]))[0];

    await read(40, 60);
    expect(await served()).toMatchObject({ state: 'running', progress: 40, estimatedRemaining: 60 });
    // A reading from before (a slower request, a re-render after a restart) takes nothing back, its estimate neither.
    await read(13, 90);
    expect(await served()).toMatchObject({ progress: 40, estimatedRemaining: 60 });
    // 20 s on, the service repeats its estimate (as it does after a restart until it passes 40 %): 40 s left, not 60 again.
    await prisma.$executeRaw`UPDATE "VideoTask" SET "estimatedAt" = "estimatedAt" - interval '20 seconds' WHERE id = ${videoTaskId}::uuid`;
    await read(40, 60);
    const later = await served();
    expect(later.progress).toBe(40);
    expect(later.estimatedRemaining).toBeGreaterThanOrEqual(39);
    expect(later.estimatedRemaining).toBeLessThanOrEqual(40);
    // The library's first render says the same, at once (no poll needed).
    const { videos } = await listVideos(ctx, { scope: 'team' });
    expect(videos.find((v) => v.id === generationId)).toMatchObject({ progress: 40, estimatedRemaining: later.estimatedRemaining });
    // A new estimate further along is the service's latest: the count starts from it.
    await read(55, 30);
    expect(await served()).toMatchObject({ progress: 55, estimatedRemaining: 30 });

    // Watched while its last reading is old: re-read now (a nudge queued), not at the next backed-off poll.
    const nudges = async () =>
      (await prisma.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM pgboss.job WHERE singleton_key = ${`nudge:${videoTaskId}`}`)[0].n;
    expect(await nudges()).toBe(0);
    await prisma.$executeRaw`UPDATE "VideoTask" SET "syncedAt" = now() - interval '10 seconds' WHERE id = ${videoTaskId}::uuid`;
    await served();
    expect(await nudges()).toBe(1);
  }, 60_000);

  it('is not held up by a sync job a crashed worker left active for the same task', async () => {
    const { generationId, videoTaskId } = await startVideo({ prompt: 'a crash mid-job' });
    const prisma = await db();
    // What a SIGKILL mid-job leaves behind: an 'active' job nobody will finish for another 90 s.
    await prisma.$executeRawUnsafe(
      `INSERT INTO pgboss.job (id, name, data, state, started_on, singleton_key, policy)
       SELECT gen_random_uuid(), 'video.sync', $1::jsonb, 'active', now(), $2, policy FROM pgboss.queue WHERE name = 'video.sync'`,
      JSON.stringify({ videoTaskId }),
      `sync:${videoTaskId}`,
    );
    await eventually(async () => (await prisma.generation.findUnique({ where: { id: generationId } }))?.status === 'completed', 60_000);
  }, 90_000);

  it('fails a task the service fails, with its message', async () => {
    const { generationId } = await startVideo({ model: 'atelier-motion-pro', prompt: 'city', duration: 5, aspectRatio: '1:1' });
    const prisma = await db();
    const failed = await eventually(async () => {
      const g = await prisma.generation.findUnique({ where: { id: generationId } });
      return g?.status === 'failed' ? g : null;
    });
    expect(failed.errorMessage).toContain('atelier-motion-pro');
    // Nothing charged, and the reservation given back.
    expect(await prisma.ledgerEntry.count({ where: { generationId, status: { not: 'released' } } })).toBe(0);
  }, 60_000);

  it('answers a forged webhook token 404 without touching the task, and a right one by re-reading the service', async () => {
    const { videoTaskId } = await startVideo({ prompt: 'snowy forest' });
    const prisma = await db();
    const token = 'a-per-task-token-of-the-right-length';
    const call = await webhookFor(videoTaskId, token);
    const before = await prisma.videoTask.findUnique({ where: { id: videoTaskId } });

    expect((await call('forged-token-forged-token-forged-xx')).status).toBe(404);
    const untouched = await prisma.videoTask.findUnique({ where: { id: videoTaskId } });
    expect(untouched!.lastHeardAt).toEqual(before!.lastHeardAt);

    expect((await call(token)).status).toBe(202);
    // The answer is immediate; a sync job then re-reads the task from the service.
    const heard = await eventually(async () => {
      const t = await prisma.videoTask.findUnique({ where: { id: videoTaskId } });
      return t?.lastHeardAt ? t : null;
    });
    // The body claimed completion; the service (re-read) decides. Progress never goes backwards.
    expect(heard!.progress).toBeGreaterThanOrEqual(before!.progress);
    // Once a token is proven it is remembered; a wrong one (even of the same length) still answers 404.
    expect((await call('a-per-task-token-of-the-wrong-lengt')).status).toBe(404);
    expect((await call(token.slice(0, -1) + 'X')).status).toBe(404);
    expect((await call(token)).status).toBe(202);
  }, 60_000);

  it('re-reads a task at most once a second, however often its webhook is called', async () => {
    const { videoTaskId } = await startVideo({ prompt: 'rain on a window' });
    const prisma = await db();
    const call = await webhookFor(videoTaskId, 'a-busy-task-token-of-the-same-length');
    const heardAt = async () => (await prisma.videoTask.findUnique({ where: { id: videoTaskId } }))?.lastHeardAt;

    expect((await call()).status).toBe(202);
    const first = (await eventually(heardAt))!;
    // Deliveries right after that re-read wait for the rest of its second, and all ride on one more.
    for (let i = 0; i < 20; i++) expect((await call()).status).toBe(202);
    const second = await eventually(async () => {
      const at = await heardAt();
      return at && at > first ? at : null;
    });
    // Database clock on both ends: 1 s apart, less what the first note's own query took (without the
    // interval, 250 ms plus this test's polling, about 400 ms).
    expect(second.getTime() - first.getTime()).toBeGreaterThanOrEqual(750);
  }, 60_000);

  it('answers deliveries for a finished video without asking the service again', async () => {
    const { generationId, videoTaskId } = await startVideo({ prompt: 'a harbour at noon' });
    const prisma = await db();
    const call = await webhookFor(videoTaskId, 'a-finished-task-token-of-its-length');
    await eventually(async () => (await prisma.generation.findUnique({ where: { id: generationId } }))?.status === 'completed', 60_000);
    const nudges = async () =>
      (await prisma.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM pgboss.job WHERE singleton_key = ${`nudge:${videoTaskId}`}`)[0].n;

    // The first delivery is noted (the service did call), and finds the video ended: no re-read is queued.
    expect((await call()).status).toBe(202);
    const heardAt = (await eventually(async () => (await prisma.videoTask.findUnique({ where: { id: videoTaskId } }))?.lastHeardAt))!;
    // Later ones are answered from memory: no statement at all (lastHeardAt stays as the first left it).
    for (let i = 0; i < 5; i++) expect((await call()).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 600)); // past the 250 ms a nudge would wait
    expect((await prisma.videoTask.findUnique({ where: { id: videoTaskId } }))!.lastHeardAt).toEqual(heardAt);
    expect(await nudges()).toBe(0);
  }, 90_000);
});
