// GET /api/ready: readiness for load balancers. The database answers and carries every migration
// this build knows, and asset storage answers. The service is not asked: its outage would take every
// replica out of the load balancer at once; its state is in /api/metrics.
import { blobStore } from '@/lib/assets/store';
import { withDeadline } from '@/lib/async';
import { pendingMigrations } from '@/lib/db/migrate';
import { runtime } from '@/lib/runtime';

export const dynamic = 'force-dynamic';

const TIMEOUT_MS = 3000;

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'unreachable'> {
  try {
    return (await withDeadline(probe(), TIMEOUT_MS)) ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

export async function GET() {
  let pending: string[] = [];
  const [database, storage] = await Promise.all([
    check(async () => (pending = await pendingMigrations((await runtime()).db))),
    check(() => blobStore().probe()),
  ]);
  const migrations = database === 'ok' ? (pending.length === 0 ? 'current' : 'behind') : 'unknown';
  const ready = database === 'ok' && storage === 'ok' && migrations === 'current';
  return Response.json(
    { status: ready ? 'ready' : 'not ready', database, storage, migrations, ...(pending.length ? { pending } : {}) },
    { status: ready ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  );
}
