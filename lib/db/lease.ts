import { randomUUID } from 'node:crypto';
import type { Database } from './client';
import { log } from '../observability/log';

/** How often a living process renews its lease. */
export const LEASE_RENEW_MS = 15_000;
/**
 * A lease not renewed for this long (four missed renewals) belongs to a process that is gone: its
 * reservations are given back (ledger/sweep.ts) and its jobs handed back to the queue (queue/reclaim.ts).
 */
export const LEASE_EXPIRY_SECONDS = 60;

export interface ProcessLease {
  id: string;
  stop(): void;
}

/**
 * This process's lease: a row it renews every 15 s while it lives (database time, in UTC like
 * every timestamp column). Reservations of the requests it serves carry its id, so that the
 * reservations of a process killed mid-request are given back (ledger/sweep.ts), and only those.
 */
export async function holdProcessLease(db: Database): Promise<ProcessLease> {
  const id = randomUUID();
  const renew = () =>
    db.prisma.$executeRaw`
      INSERT INTO "ProcessLease" (id, "startedAt", "renewedAt") VALUES (${id}::uuid, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
      ON CONFLICT (id) DO UPDATE SET "renewedAt" = now() AT TIME ZONE 'UTC'`;
  await renew();
  const timer = setInterval(() => {
    renew().catch((error: unknown) => log().warn({ err: error }, 'could not renew this process’s lease'));
  }, LEASE_RENEW_MS);
  timer.unref();
  return { id, stop: () => clearInterval(timer) };
}
