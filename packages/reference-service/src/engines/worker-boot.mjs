// Engine threads run TypeScript sources: register tsx's loader in this thread, then load the real worker.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
