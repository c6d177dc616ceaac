import type PgBoss from 'pg-boss';
import { registerAlertJobs } from '../alerts/jobs';
import { registerApprovalJobs } from '../approvals/jobs';
import { registerArchiveJobs } from '../assets/archive-job';
import type { Database } from '../db/client';
import { registerCallbackJobs } from '../api/callbacks';
import { registerApiKeyJobs } from '../api-keys/rate';
import { registerInboxJobs } from '../inbox/email';
import { registerLedgerJobs } from '../ledger/sweep';
import { registerRequestLogJobs } from '../request-log/log';
import { registerSearchJobs } from '../library/search-index';
import { registerSimilarJobs } from '../library/similar';
import { registerTrashJobs } from '../library/trash';
import { shareBoss, startBoss, unshareBoss } from '../queue';
import { reclaimEvery } from '../queue/reclaim';
import { superviseWork } from '../queue/work';
import { runtime } from '../runtime';
import { registerVideoJobs } from '../videos/jobs';

export interface Jobs {
  boss: PgBoss;
  /** Stops taking jobs and waits for running ones, `timeoutMs` at most. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Starts pg-boss on the app's database with every feature's workers (in the web server, or apart
 * with `npm run worker`). Each feature registers its own queues; this only puts them together.
 */
export async function startJobs(database: Database): Promise<Jobs> {
  const boss = await startBoss(database);
  shareBoss(boss);
  superviseWork(boss, database, (await runtime()).lease);
  await registerArchiveJobs(boss, database);
  await registerVideoJobs(boss);
  await registerLedgerJobs(boss, database);
  await registerTrashJobs(boss, database);
  await registerSimilarJobs(boss, database);
  await registerSearchJobs(boss, database);
  await registerApiKeyJobs(boss, database);
  await registerCallbackJobs(boss);
  await registerRequestLogJobs(boss, database);
  await registerAlertJobs(boss);
  await registerApprovalJobs(boss, database);
  await registerInboxJobs(boss, database);
  const stopReclaiming = reclaimEvery(boss, database);
  return {
    boss,
    async stop(timeoutMs = 10_000) {
      stopReclaiming();
      unshareBoss(boss);
      await boss.stop({ graceful: true, timeout: timeoutMs });
    },
  };
}
