import type { Prisma } from './generated/client';
import type { Database } from './client';

/**
 * One statement straight on the driver (pg's pool, or PGlite), past Prisma's query engine: for the
 * few statements every generation runs on its answer's path (the API key, the opening, the
 * settling, the prices seen), where Prisma's half a millisecond a query is a third of the time.
 * Rows come as the driver gives them: cast numerics to text and keep to strings, numbers, booleans,
 * arrays and JSON. On PostgreSQL the statement is prepared once per connection under `name` (its
 * text must be the same every time): planning the settling statement alone took 0.4 ms a call.
 */
export async function sql<Row>(database: Database, name: string, statement: Prisma.Sql): Promise<Row[]> {
  if (database.kind === 'postgres') return (await database.pool.query({ name, text: statement.text, values: statement.values })).rows as Row[];
  return (await database.pglite.query<Row>(statement.text, statement.values)).rows;
}
