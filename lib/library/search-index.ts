import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client';
import { Prisma } from '../db/generated/client';
import { SETTLED } from '../generations/lifecycle';
import { log } from '../observability/log';
import { ensureQueue } from '../queue';
import { resultSize } from './items';
import { outputSearchWords } from './search-words';

// The search's stored words (GenerationOutput.searchWords) are written by a job, off the answer's
// path: a team's new results when it settles a generation (`generation.settled`), and everything
// not yet indexed at start and every five minutes (results from before the words existed, or a
// settlement whose job was lost). Batches go in id order, each its own statement: a stop loses at
// most the batch under way, and the next run carries on. Until then the search finds an output by
// a substring of its prompt (search-where.ts).

export const SEARCH_QUEUES = { team: 'library.search-index-team', backfill: 'library.search-backfill' } as const;

/** Outputs indexed per statement. */
export const INDEX_BATCH = 500;

const FIRST_ID = '00000000-0000-0000-0000-000000000000';

interface PendingRow {
  id: string;
  kind: string;
  model: string;
  revisedPrompt: string | null;
  prompt: string;
  params: unknown;
  width: number | null;
  height: number | null;
}

/** The words of one output, from its generation's prompt and parameters and its file's size. */
function wordsOf(row: PendingRow): string[] {
  const params = (row.params ?? {}) as { editKind?: unknown };
  return outputSearchWords({
    prompt: row.prompt,
    revisedPrompt: row.revisedPrompt,
    model: row.model,
    kind: row.kind,
    editKind: typeof params.editKind === 'string' ? params.editKind : null,
    size: resultSize(row.params, row),
  });
}

const PENDING_ROW = Prisma.sql`o.id::text, o.kind::text, o.model, o."revisedPrompt", g.prompt, g.params, a.width, a.height`;
const PENDING_FROM = Prisma.sql`"GenerationOutput" o JOIN "Generation" g ON g.id = o."generationId" LEFT JOIN "Asset" a ON a.id = o."assetId"`;

/**
 * Writes one batch's words; a row another run wrote meanwhile is left as it is. So is a row someone
 * holds (a winner being marked, a favourite set): the indexer never waits on a row lock, so it can
 * be in no deadlock with a member's transaction, and the next run writes that row.
 */
async function writeWords({ prisma }: Database, rows: PendingRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const words = JSON.stringify(rows.map((row) => ({ id: row.id, words: wordsOf(row) })));
  return prisma.$executeRaw`
    WITH x AS (SELECT (e->>'id')::uuid AS id, ARRAY(SELECT jsonb_array_elements_text(e->'words')) AS words
               FROM jsonb_array_elements(${words}::jsonb) e),
         free AS (SELECT o.id FROM "GenerationOutput" o JOIN x ON x.id = o.id
                  WHERE o."searchIndexedAt" IS NULL ORDER BY o.id FOR UPDATE OF o SKIP LOCKED)
    UPDATE "GenerationOutput" o SET "searchWords" = x.words, "searchIndexedAt" = now()
    FROM x JOIN free ON free.id = x.id
    WHERE o.id = x.id`;
}

/** A team's unindexed outputs, its newest few: found through the GIN index (an unindexed row's words are `{}`). */
async function indexTeam(database: Database, teamId: string, batch: number): Promise<number> {
  let indexed = 0;
  for (;;) {
    const rows = await database.prisma.$queryRaw<PendingRow[]>`
      SELECT ${PENDING_ROW} FROM ${PENDING_FROM}
      WHERE o."teamId" = ${teamId}::uuid AND o."searchWords" = '{}' AND o."searchIndexedAt" IS NULL LIMIT ${batch}`;
    const written = await writeWords(database, rows);
    indexed += written;
    // A short batch is the last; a full one that wrote nothing is rows held by others, for the next run.
    if (rows.length < batch || written === 0) return indexed;
  }
}

/**
 * Every unindexed output: the primary key is walked `batch` ids at a time, and the unindexed among
 * them written, so a batch costs the same at the start of a library and at its end, whatever the
 * planner thinks of how many are left.
 */
async function indexAll(database: Database, batch: number): Promise<number> {
  const { prisma } = database;
  let indexed = 0;
  for (let after = FIRST_ID; ;) {
    const ids = (
      await prisma.$queryRaw<Array<{ id: string }>>`
      SELECT id::text FROM "GenerationOutput" WHERE id > ${after}::uuid ORDER BY id LIMIT ${batch}`
    ).map((row) => row.id);
    if (ids.length === 0) return indexed;
    const rows = await prisma.$queryRaw<PendingRow[]>`
      SELECT ${PENDING_ROW} FROM ${PENDING_FROM} WHERE o.id = ANY(${ids}::uuid[]) AND o."searchIndexedAt" IS NULL`;
    indexed += await writeWords(database, rows);
    after = ids.at(-1)!;
  }
}

/**
 * Writes the words of every output not indexed yet (of one team, or of all), a batch a statement;
 * returns how many it wrote. Two runs at once write each row once.
 */
export async function indexPendingOutputs(database: Database, { teamId, batch = INDEX_BATCH }: { teamId?: string; batch?: number } = {}): Promise<number> {
  // Nothing to do is the common case: the GIN index answers it without reading the table.
  const [pending] = await database.prisma.$queryRaw<unknown[]>`
    SELECT 1 FROM "GenerationOutput" WHERE "searchWords" = '{}' AND "searchIndexedAt" IS NULL LIMIT 1`;
  if (!pending) return 0;
  return teamId ? indexTeam(database, teamId, batch) : indexAll(database, batch);
}

const teamJob = z.object({ teamId: z.uuid() });

export async function registerSearchJobs(boss: PgBoss, database: Database): Promise<void> {
  // A team that settled is indexed within seconds; at most one such job waits per team.
  await ensureQueue(boss, { name: SEARCH_QUEUES.team, policy: 'stately', retryLimit: 2 });
  await boss.subscribe(SETTLED, SEARCH_QUEUES.team);
  await boss.work(SEARCH_QUEUES.team, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    await indexPendingOutputs(database, { teamId: teamJob.parse(job.data).teamId });
  });
  // The backfill: a whole library of old results may take minutes, hence the hour before it expires.
  await ensureQueue(boss, { name: SEARCH_QUEUES.backfill, policy: 'short', expireInSeconds: 3600 });
  await boss.work(SEARCH_QUEUES.backfill, async () => {
    const indexed = await indexPendingOutputs(database);
    if (indexed > 0) log().info({ indexed }, 'search: indexed results');
  });
  await boss.schedule(SEARCH_QUEUES.backfill, '*/5 * * * *');
  await boss.send(SEARCH_QUEUES.backfill, {});
}
