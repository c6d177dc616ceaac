import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { startBoss } from './boss';

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

/** Starts pg-boss on the app's database and registers every worker. */
export async function startJobs(db: Database): Promise<Jobs> {
  const boss = await startBoss(db);
  return {
    boss,
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
