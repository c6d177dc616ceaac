import { randomUUID } from 'node:crypto';
import type { Database } from './client';
import { log } from '../observability/log';

/** How often a living process renews its lease; the ledger sweep treats 60 s without renewal as dead. */
export const LEASE_RENEW_MS = 15_000;

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
