// `npm run worker`: background jobs without the web server, for scaling out beside N web replicas.
import { blobStore } from '../lib/assets/store';
import { startJobs } from '../lib/jobs';
import { closeRuntime, runtime } from '../lib/runtime';

const { db } = await runtime();
await blobStore().probe();
const jobs = await startJobs(db);
console.log(`[worker] running jobs on ${db.kind}`);

/** SIGTERM: stop taking jobs and let running ones finish, 25 s at most (as the web server does). */
async function shutdown(signal: NodeJS.Signals) {
  console.log(`[worker] ${signal}: finishing running jobs (at most 25 s)`);
  await jobs.stop(25_000);
  await closeRuntime();
  console.log('[worker] stopped');
  process.exit(0);
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
