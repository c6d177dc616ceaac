// GET /api/health: liveness. The process is up and serving; nothing it depends on is asked (a
// database or service outage must not get healthy replicas restarted). Readiness is /api/ready.
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
