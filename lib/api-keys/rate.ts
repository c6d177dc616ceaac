import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { schedulePeriodic } from '../queue';
import { db } from '../runtime';

/**
 * Counts one request against a key's requests-per-minute limit, in PostgreSQL so that every replica
 * shares the count (a fixed one-minute window). Over the limit: 429 with the seconds to wait.
 */
export async function takeRequest(key: { id: string; rpm: number | null }): Promise<void> {
  if (key.rpm === null) return;
  const prisma = await db();
  const [window] = await prisma.$queryRaw<Array<{ count: number; wait: number }>>`
    INSERT INTO "ApiKeyMinute" ("keyId", minute, count) VALUES (${key.id}::uuid, date_trunc('minute', now()), 1)
    ON CONFLICT ("keyId", minute) DO UPDATE SET count = "ApiKeyMinute".count + 1
    RETURNING count, ceil(extract(epoch FROM date_trunc('minute', now()) + interval '1 minute' - now()))::int AS wait`;
  if (window.count > key.rpm) {
    throw new AppError('rate_limited', `This key allows ${key.rpm} requests a minute: try again in ${window.wait} s.`, {
      reason: 'rateLimited',
      retryAfter: Math.max(1, window.wait),
    });
  }
}

/** Forgets counts older than an hour. */
export async function sweepRequestCounts({ prisma }: Database): Promise<number> {
  return prisma.$executeRaw`DELETE FROM "ApiKeyMinute" WHERE minute < now() - interval '1 hour'`;
}

export const API_KEY_QUEUES = { sweep: 'api-keys.sweep' } as const;

/** Every ten minutes: old per-minute counts go. */
export async function registerApiKeyJobs(boss: PgBoss, database: Database): Promise<void> {
  await schedulePeriodic(boss, API_KEY_QUEUES.sweep, '*/10 * * * *', async () => {
    await sweepRequestCounts(database);
  });
}
