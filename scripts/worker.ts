// `npm run worker`: background jobs without the web server, for scaling out beside N web replicas.
import { blobStore } from '../lib/assets/store';
import { startJobs } from '../lib/jobs';
import { closeRuntime, runtime } from '../lib/runtime';

const { db } = await runtime();
await blobStore().probe();
const jobs = await startJobs(db);
console.log(`[worker] running jobs on ${db.kind}`);

async function shutdown() {
  await jobs.stop();
  await closeRuntime();
  process.exit(0);
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
