// GET /api/health: readiness for load balancers and the e2e web server (database and upstream reachable).
import { appConfig } from '@/lib/config';
import { runtime } from '@/lib/runtime';

export const dynamic = 'force-dynamic';

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'unreachable'> {
  try {
    await probe();
    return 'ok';
  } catch {
    return 'unreachable';
  }
}

export async function GET() {
  const { upstream } = appConfig();
  const [database, service] = await Promise.all([
    check(async () => (await runtime()).db.prisma.$queryRaw`SELECT 1`),
    // Any HTTP answer (401 included) proves the service is there; only no answer is a failure.
    check(() => fetch(`${upstream.baseUrl}/v1/models`, { signal: AbortSignal.timeout(3000) })),
  ]);
  const ok = database === 'ok' && service === 'ok';
  return Response.json({ status: ok ? 'ok' : 'degraded', database, upstream: service }, { status: ok ? 200 : 503, headers: { 'cache-control': 'no-store' } });
}
