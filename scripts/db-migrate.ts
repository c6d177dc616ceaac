// npm run db:migrate: applies the migrations to the database the configuration names (DATABASE_URL,
// else PGlite under the data dir), as every replica also does at start.
import { closeRuntime, runtime } from '../lib/runtime.ts';

const { db } = await runtime();
console.log(`[migrate] ${db.kind}: up to date`);
await closeRuntime();
