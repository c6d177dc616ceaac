import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../lib/accounts/create-account';
import { blobStore } from '../../lib/assets/store';
import { ARCHIVE_QUEUES as QUEUES } from '../../lib/assets/archive-job';
import { ALERT_QUEUES } from '../../lib/alerts/jobs';
import { recordAlert } from '../../lib/alerts/record';
import { saveAlertSettings } from '../../lib/alerts/settings';
import { enqueue, startBoss } from '../../lib/queue';
import { reclaimAbandonedJobs } from '../../lib/queue/reclaim';
import { db, runtime } from '../../lib/runtime';
import { call, download } from '@atelier/reference-service/testing';
import { DATABASE_KINDS } from '../support/app-db';
import { eventually, testAtelier } from '../support/harness';
import { startWorker } from '../support/worker';

describe.each(DATABASE_KINDS)('background jobs on %s', (kind) => {
  const atelier = testAtelier(kind, { jobs: true });

  it('archives an upstream result into storage as a team asset, byte for byte', async () => {
    const { teamId, userId } = await createAccount({ name: 'Dana', email: `dana-${kind}@example.com`, password: 'password-d' });
    const batch = await call(atelier.svc, 'POST', '/v1/images/generations', { model: 'atelier-mosaic', prompt: 'a lighthouse', seed: 8 });
    const url: string = batch.json.results[0].data[0].url;
    const original = (await download(url)).bytes;

    await atelier.jobs.boss.send(QUEUES.archive, { teamId, url, kind: 'image', createdById: userId });
    const prisma = await db();
    let asset = null;
    for (let i = 0; i < 100 && !asset; i++) {
      asset = await prisma.asset.findFirst({ where: { teamId } });
      if (!asset) await sleep(200);
    }
    expect(asset).toMatchObject({ contentType: 'image/png', size: BigInt(original.length), sha256: createHash('sha256').update(original).digest('hex') });
    const stored = await blobStore().get(asset!.storageKey);
    const bytes = Buffer.from(await new Response(stored!.body).arrayBuffer());
    expect(bytes.equals(original)).toBe(true);
    expect((await sharp(bytes).metadata()).width).toBe(1024);
  }, 60_000);
});

// A receiver that holds the first delivery open (the worker is killed while it waits) and answers the next.
const requests: string[] = [];
// `/slow` answers every delivery after 2 s.
const slow: string[] = [];
const receiver = createServer((request, response) => {
  if (request.url === '/slow') {
    slow.push(request.headers['webhook-id'] as string);
    setTimeout(() => response.writeHead(204).end(), 2000);
    return;
  }
  requests.push(request.headers['webhook-id'] as string);
  if (requests.length > 1) response.writeHead(204).end();
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverOrigin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
afterAll(() => {
  receiver.closeAllConnections();
  receiver.close();
});

describe('a crashed worker’s jobs on postgres', () => {
  const env = { ATELIER_PRIVATE_CALLBACK_ORIGINS: receiverOrigin };
  const atelier = testAtelier('postgres', { env });

  /** A new person's team with a webhook at `path` and one budget alert recorded for it, to deliver. */
  async function alertFor(name: string, path: string): Promise<string> {
    const owner = await atelier.person(name);
    await saveAlertSettings(owner, { budgetThresholds: [], email: false, webhookUrl: `${receiverOrigin}${path}` });
    const [eventId] = await recordAlert({
      teamId: owner.team.id,
      rule: 'budget',
      subject: 'team',
      threshold: 80,
      period: '2026-11',
      channels: ['webhook'],
      payload: { subject: 'team', name, threshold: 80, limit: '1.00', spent: '0.80', period: '2026-11', team: name },
    });
    return eventId;
  }

  it('are handed back once its lease lapses, and a living worker’s long job is left alone', async () => {
    const eventId = await alertFor('Kit', '/hook');

    const first = await startWorker(env);
    await enqueue(ALERT_QUEUES.deliver, { eventId }, { id: eventId });
    await eventually(async () => requests.length === 1, 15_000);
    const prisma = await db();
    const [running] = await prisma.runningJob.findMany({ where: { id: eventId } });
    expect(running.queue).toBe(ALERT_QUEUES.deliver);
    // Its process lives: nothing is handed back, however long the job runs.
    const { db: database } = await runtime();
    const boss = await startBoss(database, { supervise: false, schedule: false });
    expect(await reclaimAbandonedJobs(boss, database)).toBe(0);

    await first.stop('SIGKILL');
    // As if the lease had lapsed (60 s without renewal): the one wait of a real crash.
    await prisma.$executeRaw`UPDATE "ProcessLease" SET "renewedAt" = "renewedAt" - interval '60 seconds' WHERE id = ${running.leaseId}::uuid`;
    const second = await startWorker(env);
    try {
      await eventually(async () => (await prisma.alertEvent.findUnique({ where: { id: eventId } }))?.status === 'delivered', 30_000);
      expect(requests).toEqual([`msg_${eventId}`, `msg_${eventId}`]);
      // The job's running mark goes once its handler has returned, a moment after the delivery is recorded.
      await eventually(async () => (await prisma.runningJob.count()) === 0, 10_000);
    } finally {
      await second.stop();
      await boss.stop({ graceful: false });
    }
  }, 90_000);

  it('a worker stopped with SIGTERM finishes the job it is running, then exits', async () => {
    const eventId = await alertFor('Lou', '/slow');
    const worker = await startWorker(env);
    await enqueue(ALERT_QUEUES.deliver, { eventId }, { id: eventId });
    await eventually(async () => slow.length === 1); // under way: the receiver answers in 2 s
    await worker.stop('SIGTERM');
    expect(worker.log()).toContain('"msg":"stopped"');
    const event = await (await db()).alertEvent.findUniqueOrThrow({ where: { id: eventId } });
    expect(event).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(slow).toEqual([`msg_${eventId}`]);
  }, 60_000);
});
