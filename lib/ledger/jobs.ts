import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { schedulePeriodic } from '../queue';
import { sweepReservations } from './sweep';

export const LEDGER_QUEUES = { sweep: 'ledger.sweep' } as const;

/** Every minute: reservations nobody will settle are given back (sweep.ts). */
export async function registerLedgerJobs(boss: PgBoss, database: Database): Promise<void> {
  await schedulePeriodic(boss, LEDGER_QUEUES.sweep, '* * * * *', async () => {
    await sweepReservations(database);
  });
}
