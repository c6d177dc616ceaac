import path from 'node:path';
import { defineConfig } from 'prisma/config';

// The native schema engine cannot be downloaded on our machines. `prisma generate`
// only checks that the binary exists, so point it at a stub that fails loudly if
// anything tries to run it. Migrations are written by scripts/new-migration.ts (Prisma's wasm engine)
// and applied by lib/db/migrate.ts (at every start, and by `npm run db:migrate`).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(import.meta.dirname, 'prisma/schema-engine-offline.sh');

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
