import type { Database } from '../db/client';
import type { QueueDepth } from '../observability/metrics';

/** Every queue's jobs by state, read from pg-boss's table (for /api/metrics). */
export async function queueDepths({ prisma }: Database): Promise<QueueDepth[]> {
  return prisma.$queryRaw<QueueDepth[]>`
    SELECT name AS queue,
           count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS waiting,
           count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after > now())::int AS scheduled,
           count(*) FILTER (WHERE state = 'active')::int AS active,
           extract(epoch FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()))::float8 AS oldest
    FROM pgboss.job WHERE state < 'completed' GROUP BY name`;
}
