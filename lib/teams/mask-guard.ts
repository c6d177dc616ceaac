import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { AppError } from '../errors';
import { db } from '../runtime';

// Settings → Team: whether a masked edit's pixels outside the mask are put back to the original's
// (lib/edits/mask-guard.ts). The edit run reads the column itself when it starts.

export async function teamMaskGuard(ctx: TeamContext): Promise<boolean> {
  const team = await (await db()).team.findUniqueOrThrow({ where: { id: ctx.team.id }, select: { maskGuard: true } });
  return team.maskGuard;
}

export async function setTeamMaskGuard(ctx: TeamContext, on: boolean): Promise<void> {
  if (!atLeast(ctx.role, 'admin')) throw new AppError('forbidden', 'Only owners and admins change the mask guard.', { key: 'adminsOnly' });
  await (await db()).team.update({ where: { id: ctx.team.id }, data: { maskGuard: on } });
}
