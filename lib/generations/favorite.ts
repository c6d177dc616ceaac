import type { TeamContext } from '../auth/context';
import { AppError } from '../errors';
import { db } from '../runtime';

/** Marks or unmarks one of the team's results (an edit, a board with all its images, a video) as a favourite. */
export async function setFavorite(ctx: TeamContext, id: string, favorite: boolean): Promise<{ favorite: boolean }> {
  const prisma = await db();
  const { count } = await prisma.generation.updateMany({ where: { id, teamId: ctx.team.id }, data: { favorite } });
  if (count === 0) throw new AppError('not_found', 'That result does not exist.');
  return { favorite };
}
