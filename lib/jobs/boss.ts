import type { PGlite } from '@electric-sql/pglite'
import PgBoss from 'pg-boss'
import type { Database } from '../db/client.ts'

/** pg-boss `db` option over PGlite. pg-boss sends multi-statement scripts (BEGIN; ...; COMMIT)
 *  without parameters: those must go through exec() (simple protocol); the rest through query(). */
export function pgliteBossDb(pglite: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return { rows: (await pglite.query(text, values)).rows }
      const results = await pglite.exec(text)
      return { rows: results.at(-1)?.rows ?? [] }
    },
  }
}

export async function startBoss(db: Database, options: Omit<PgBoss.ConstructorOptions, 'db'> = {}) {
  const boss = db.kind === 'pglite'
    ? new PgBoss({ ...options, db: pgliteBossDb(db.pglite) })
    : new PgBoss({ max: 4, ...options, connectionString: db.url })
  boss.on('error', (e) => console.error('[pg-boss]', e))
  await boss.start() // creates/migrates schema "pgboss" itself (not in prisma/migrations)
  return boss
}
