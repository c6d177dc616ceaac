import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { LEASE_EXPIRY_SECONDS } from '../db/lease';
import { schedulePeriodic } from '../queue';

/** Edits and boards end within the service's 90 s deadline; one reserving nothing and still running after this was cut off. */
const IMAGE_RUN_LIMIT_MS = 10 * 60_000;
const INTERRUPTED = 'Interrupted by a restart before the service answered. Please run it again.';

/**
 * Gives back reservations nobody will settle, every minute:
 * - those of edits and boards whose process died mid-request (its lease unrenewed for 60 s): the
 *   generation is marked failed so the user sees why. A live request keeps its reservation however
 *   long the service takes, because its process keeps renewing the lease;
 * - those of generations that ended without a charge.
 * Edits and boards that reserved nothing (free models) are failed after 10 minutes. Videos are left
 * to their own sync, which fails a task only when the service gives up or it runs too long.
 */
export async function sweepReservations({ prisma }: Database, now = new Date()): Promise<number> {
  const dead = await prisma.$transaction(async (tx) => {
    const orphans = await tx.$queryRaw<Array<{ generationId: string }>>`
      UPDATE "LedgerEntry" e SET status = 'released'
      WHERE e.status = 'reserved' AND e."leaseId" IS NOT NULL
        AND NOT EXISTS (
          SELECT 1 FROM "ProcessLease" l
          WHERE l.id = e."leaseId" AND l."renewedAt" > (now() AT TIME ZONE 'UTC') - ${LEASE_EXPIRY_SECONDS}::int * interval '1 second'
        )
      RETURNING e."generationId"`;
    const ids = [...new Set(orphans.map((o) => o.generationId))];
    if (ids.length > 0) {
      await tx.generation.updateMany({
        where: { id: { in: ids }, status: { in: ['pending', 'running'] } },
        data: { status: 'failed', errorCode: 'interrupted', errorMessage: INTERRUPTED, completedAt: now },
      });
    }
    return orphans.length;
  });
  await prisma.generation.updateMany({
    where: { kind: { in: ['edit', 'comparison'] }, status: { in: ['pending', 'running'] }, createdAt: { lt: new Date(now.getTime() - IMAGE_RUN_LIMIT_MS) } },
    data: { status: 'failed', errorCode: 'interrupted', errorMessage: INTERRUPTED, completedAt: now },
  });
  const { count } = await prisma.ledgerEntry.updateMany({
    where: { status: 'reserved', generation: { status: { in: ['completed', 'failed', 'cancelled'] } } },
    data: { status: 'released' },
  });
  // Leases of processes long gone hold nothing any more.
  await prisma.$executeRaw`
    DELETE FROM "ProcessLease" l WHERE l."renewedAt" < (now() AT TIME ZONE 'UTC') - interval '1 day'
      AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" e WHERE e."leaseId" = l.id AND e.status = 'reserved')`;
  return dead + count;
}

export const LEDGER_QUEUES = { sweep: 'ledger.sweep' } as const;

/** Every minute: reservations nobody will settle are given back. */
export async function registerLedgerJobs(boss: PgBoss, database: Database): Promise<void> {
  await schedulePeriodic(boss, LEDGER_QUEUES.sweep, '* * * * *', async () => {
    await sweepReservations(database);
  });
}
