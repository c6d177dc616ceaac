import { alertApprovalAsked } from '../alerts/approval';
import { appConfig } from '../config';
import { notify } from '../inbox/notifications';
import { db } from '../runtime';

// A request was held: every owner and admin of the team gets it in their inbox, and the team's
// alert channels (email, team webhook: Settings → Alerts) carry it, once, however many workers hear it.

export async function tellDeciders(approvalId: string): Promise<void> {
  const prisma = await db();
  const request = await prisma.approvalRequest.findUnique({
    where: { id: approvalId },
    select: {
      id: true,
      teamId: true,
      userId: true,
      kind: true,
      prompt: true,
      estimate: true,
      status: true,
      team: { select: { name: true, approvalAbove: true } },
    },
  });
  if (!request || request.status !== 'awaiting_approval') return;
  const [deciders, requester, told] = await Promise.all([
    prisma.membership.findMany({ where: { teamId: request.teamId, role: { in: ['owner', 'admin'] } }, select: { userId: true } }),
    prisma.user.findUnique({ where: { id: request.userId }, select: { name: true, email: true } }),
    prisma.notification.count({ where: { approvalId, kind: 'approval_asked' } }),
  ]);
  if (told === 0) {
    await prisma.$transaction((tx) =>
      notify(
        tx,
        deciders.map((d) => ({ teamId: request.teamId, userId: d.userId, kind: 'approval_asked' as const, actorId: request.userId, approvalId })),
      ),
    );
  }
  await alertApprovalAsked(request.teamId, {
    approvalId,
    team: request.team.name,
    requester: requester?.name || requester?.email || '',
    kind: request.kind,
    prompt: request.prompt.slice(0, 300),
    estimate: request.estimate.toString(),
    threshold: request.team.approvalAbove?.toString() ?? '0',
    url: `${appConfig().publicUrl}/inbox/approvals#${approvalId}`,
  });
}
