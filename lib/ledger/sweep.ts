import type { Database } from '../db/client';

/** Edits and boards end within the service's 90 s deadline; one still running after this was cut off by a crash. */
const IMAGE_RUN_LIMIT_MS = 10 * 60_000;

/**
 * Gives back reservations nobody will settle: those of generations that ended without a charge,
 * and of edits and boards a restart interrupted (marked failed so the user sees why). Videos are
 * left to their own sweep, which fails a task only when the service gives up or it runs too long.
 */
export async function sweepReservations({ prisma }: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IMAGE_RUN_LIMIT_MS);
  await prisma.generation.updateMany({
    where: { kind: { in: ['edit', 'comparison'] }, status: { in: ['pending', 'running'] }, createdAt: { lt: cutoff } },
    data: { status: 'failed', errorCode: 'interrupted', errorMessage: 'Interrupted by a restart before the service answered. Please run it again.', completedAt: now },
  });
  const { count } = await prisma.ledgerEntry.updateMany({
    where: { status: 'reserved', generation: { status: { in: ['completed', 'failed', 'cancelled'] } } },
    data: { status: 'released' },
  });
  return count;
}
