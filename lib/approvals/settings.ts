import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { recordDecision } from '../audit/decisions';
import { Prisma } from '../db/generated/client';
import { AppError } from '../errors';
import { db } from '../runtime';

// The team's setting (Settings → Team): a member's request estimated above ¥X waits for an owner's or
// admin's approval. Off by default; owners and admins change it, and the change is a decision of its own.

export const approvalThresholdSchema = z.object({
  /** CNY, as typed ("12", "12.5"); null turns it off. */
  above: z
    .string()
    .trim()
    .regex(/^\d{1,8}(\.\d{1,4})?$/, 'amount')
    .nullable(),
});

/** The team's threshold in CNY (a decimal string), or null when nothing waits. */
export async function approvalThreshold(ctx: Pick<TeamContext, 'team'>): Promise<string | null> {
  const team = await (await db()).team.findUnique({ where: { id: ctx.team.id }, select: { approvalAbove: true } });
  return team?.approvalAbove?.toString() ?? null;
}

export async function setApprovalThreshold(ctx: TeamContext, above: string | null): Promise<string | null> {
  if (!atLeast(ctx.role, 'admin')) throw new AppError('forbidden', 'Only owners and admins change approvals.', { key: 'adminsOnly' });
  const amount = above === null ? null : new Prisma.Decimal(above);
  await (
    await db()
  ).$transaction(async (tx) => {
    const before = await tx.team.findUniqueOrThrow({ where: { id: ctx.team.id }, select: { approvalAbove: true } });
    await tx.team.update({ where: { id: ctx.team.id }, data: { approvalAbove: amount } });
    await recordDecision(tx, {
      teamId: ctx.team.id,
      actorId: ctx.user.id,
      action: 'threshold.changed',
      subjectId: ctx.team.id,
      details: { about: ctx.team.name, from: before.approvalAbove?.toString() ?? null, to: amount?.toString() ?? null },
    });
  });
  return amount?.toString() ?? null;
}
