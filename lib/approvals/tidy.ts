import { blobStore } from '../assets/store';
import { deleteUnusedAssets } from '../assets/unused';
import { recordDecision } from '../audit/decisions';
import type { Database } from '../db/client';
import { notify } from '../inbox/notifications';
import type { BlobStore } from '../storage';

// What keeps held requests honest over time, run every few minutes and after each decision:
//   - a request seven days without a decision expires (its requester is told);
//   - a request that ended without running (declined, cancelled, expired, void, refused) gives its
//     uploads back: removed where nothing else uses them;
//   - a run that stopped with its process (`running` for over ten minutes) is looked at again: done
//     if its generation exists, else approved once more and queued (the generation's unique
//     request id keeps it to one run however often this happens).

const STALE_RUN_MINUTES = 10;

export interface Tidied {
  expired: number;
  files: number;
  /** Requests whose run is queued again. */
  requeued: string[];
}

export async function tidyApprovals(database: Database, { now = new Date(), store = blobStore() }: { now?: Date; store?: BlobStore } = {}): Promise<Tidied> {
  const { prisma } = database;
  const expired = await prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<Array<{ id: string; teamId: string; userId: string; prompt: string; estimate: string }>>`
      UPDATE "ApprovalRequest" SET "status" = 'expired', "decidedAt" = ${now}, "updatedAt" = ${now}
      WHERE "status" = 'awaiting_approval' AND "expiresAt" <= ${now}
      RETURNING "id"::text, "teamId"::text, "userId"::text, "prompt", "estimate"::text`;
    for (const row of rows) {
      await recordDecision(tx, {
        teamId: row.teamId,
        actorId: null,
        action: 'approval.expired',
        subjectId: row.id,
        details: { about: row.prompt.slice(0, 200), estimate: row.estimate },
      });
    }
    await notify(
      tx,
      rows.map((row) => ({ teamId: row.teamId, userId: row.userId, kind: 'approval_decided' as const, actorId: null, approvalId: row.id })),
    );
    // Nothing is left for the owners and admins to decide.
    await tx.notification.updateMany({ where: { approvalId: { in: rows.map((row) => row.id) }, kind: 'approval_asked', readAt: null }, data: { readAt: now } });
    return rows.length;
  });

  const ended = await prisma.approvalRequest.findMany({
    where: { status: { in: ['declined', 'cancelled', 'expired', 'void', 'refused'] }, NOT: { assetIds: { isEmpty: true } } },
    select: { id: true, assetIds: true },
    take: 200,
  });
  // Released first: a file these requests alone held is then used by nothing.
  await prisma.approvalRequest.updateMany({ where: { id: { in: ended.map((r) => r.id) } }, data: { assetIds: [] } });
  const files = await deleteUnusedAssets(database, [...new Set(ended.flatMap((r) => r.assetIds))], store);

  const stale = await prisma.approvalRequest.findMany({
    where: { status: 'running', updatedAt: { lt: new Date(now.getTime() - STALE_RUN_MINUTES * 60_000) } },
    select: { id: true },
  });
  const requeued: string[] = [];
  for (const { id } of stale) {
    const ran = await prisma.generation.findUnique({ where: { approvalId: id }, select: { id: true } });
    const { count } = await prisma.approvalRequest.updateMany({ where: { id, status: 'running' }, data: { status: ran ? 'completed' : 'approved' } });
    if (count > 0 && !ran) requeued.push(id);
  }
  return { expired, files, requeued };
}
