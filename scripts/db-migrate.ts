// npm run db:migrate — PostgreSQL if DATABASE_URL is set, else PGlite in .data/pglite
import { openDatabase } from '../lib/db/client.ts'
import { migrate } from '../lib/db/migrate.ts'

const db = await openDatabase()
try {
  const applied = await migrate(db)
  console.log(`[migrate] ${db.kind}: ${applied.length ? `applied ${applied.length}` : 'up to date'}`)
} finally {
  await db.close()
}
