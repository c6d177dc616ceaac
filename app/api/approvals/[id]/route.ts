// GET /api/approvals/{id}: one held request (its requester's own, or any for owners and admins);
// POST { decision: approve | decline (with a reason) | cancel }: owners and admins decide, the requester cancels.
import { z } from 'zod';
import { idParams, withTeam } from '@/lib/auth/route';
import { approveRequest, cancelRequest, declineRequest } from '@/lib/approvals/decide';
import { getApproval } from '@/lib/approvals/requests';
import { nameText } from '@/lib/text';

export const dynamic = 'force-dynamic';

/** approve, decline (with the reason the requester sees) or cancel; the reason is its own field, so a refusal names it. */
const decisionBody = z
  .object({ decision: z.enum(['approve', 'decline', 'cancel']), reason: nameText().trim().min(1, 'Say why it is declined.').max(500).optional() })
  .refine((body) => body.decision !== 'decline' || body.reason, { message: 'Say why it is declined.', path: ['reason'] });

export const GET = withTeam('member', { params: idParams }, async (ctx, { params }) =>
  Response.json(await getApproval(ctx, params.id), { headers: { 'cache-control': 'private, no-store' } }),
);

export const POST = withTeam('member', { params: idParams, body: decisionBody }, async (ctx, { params, body }) => {
  if (body.decision === 'approve') await approveRequest(ctx, params.id);
  else if (body.decision === 'decline') await declineRequest(ctx, params.id, body.reason!);
  else await cancelRequest(ctx, params.id);
  return Response.json(await getApproval(ctx, params.id));
});
