import type { TeamContext } from '../auth/context';
import { AppError } from '../errors';
import { db } from '../runtime';

/** Marks or unmarks one of the team's boards as a favourite. */
export async function setFavorite(ctx: TeamContext, id: string, favorite: boolean): Promise<{ favorite: boolean }> {
  const prisma = await db();
  const { count } = await prisma.generation.updateMany({ where: { id, teamId: ctx.team.id, kind: 'comparison' }, data: { favorite } });
  if (count === 0) throw new AppError('not_found', 'That board does not exist.');
  return { favorite };
}
