// GET /api/inbox/count: what the bell shows, polled by every open page: unread items, and for owners
// and admins the requests that wait for a decision.
import { withTeam } from '@/lib/auth/route';
import { waitingCount } from '@/lib/approvals/requests';
import { unreadCount } from '@/lib/inbox/notifications';

export const dynamic = 'force-dynamic';

export const GET = withTeam('member', {}, async (ctx) => {
  const [unread, waiting] = await Promise.all([unreadCount(ctx), waitingCount(ctx)]);
  return Response.json({ unread, waiting }, { headers: { 'cache-control': 'private, no-store' } });
});
