import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { AppError } from '../errors';
import { db } from '../runtime';

/** Revokes a link of the team; its creator may, and so may any owner or admin. Revoking twice is a no-op. */
export async function revokeShareLink(ctx: TeamContext, id: string): Promise<void> {
  const prisma = await db();
  const link = await prisma.shareLink.findFirst({ where: { id, teamId: ctx.team.id }, select: { createdById: true } });
  if (!link) throw new AppError('not_found', 'This share link does not exist.', { key: 'shareNoLink' });
  if (link.createdById !== ctx.user.id && !atLeast(ctx.role, 'admin')) {
    throw new AppError('forbidden', 'Only the person who created this link, or an owner or admin, can revoke it.', { key: 'shareNotYours' });
  }
  await prisma.shareLink.updateMany({ where: { id, teamId: ctx.team.id, revokedAt: null }, data: { revokedAt: new Date() } });
}
