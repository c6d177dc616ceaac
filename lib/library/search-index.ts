import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client';
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

/**
 * Writes the words of every output not indexed yet (of one team, or of all), in batches; returns
 * how many it wrote. Two runs at once write the same words, once (only a row still unindexed is written).
 */
export async function indexPendingOutputs({ prisma }: Database, { teamId, batch = INDEX_BATCH }: { teamId?: string; batch?: number } = {}): Promise<number> {
  let indexed = 0;
  for (let after = FIRST_ID; ;) {
    // `searchWords = '{}'` is what an unindexed row holds: the GIN index finds those few directly.
    const rows = await prisma.$queryRaw<PendingRow[]>`
      SELECT o.id::text, o.kind::text, o.model, o."revisedPrompt", g.prompt, g.params, a.width, a.height
      FROM "GenerationOutput" o JOIN "Generation" g ON g.id = o."generationId" LEFT JOIN "Asset" a ON a.id = o."assetId"
      WHERE o."searchIndexedAt" IS NULL AND o."searchWords" = '{}' AND o.id > ${after}::uuid
        AND (${teamId ?? null}::uuid IS NULL OR o."teamId" = ${teamId ?? null}::uuid)
      ORDER BY o.id LIMIT ${batch}`;
    if (rows.length === 0) break;
    const words = JSON.stringify(rows.map((row) => ({ id: row.id, words: wordsOf(row) })));
    indexed += await prisma.$executeRaw`
      UPDATE "GenerationOutput" o SET "searchWords" = x.words, "searchIndexedAt" = now()
      FROM (SELECT (e->>'id')::uuid AS id, ARRAY(SELECT jsonb_array_elements_text(e->'words')) AS words
            FROM jsonb_array_elements(${words}::jsonb) e) x
      WHERE o.id = x.id AND o."searchIndexedAt" IS NULL`;
    if (rows.length < batch) break;
    after = rows.at(-1)!.id;
  }
  return indexed;
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
