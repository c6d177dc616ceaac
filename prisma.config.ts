import path from 'node:path'
import { defineConfig } from 'prisma/config'

// The native schema engine cannot be downloaded on our machines. `prisma generate`
// only checks that the binary exists, so point it at a stub that fails loudly if
// anything tries to run it (migrations are done by scripts/migrate.ts instead).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(import.meta.dirname, 'prisma/schema-engine-offline.sh')

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
})
