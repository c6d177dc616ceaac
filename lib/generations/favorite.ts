import type { TeamContext } from '../auth/context';
import { AppError } from '../errors';
import { db } from '../runtime';

// Favourites are marks on items (one GenerationOutput each). A generation's own mark, which the
// board pages show, says whether any of its items is a favourite: marking the generation marks all
// its items, and marking an item keeps the generation's mark in step.

const missing = () => new AppError('not_found', 'That result does not exist.', { key: 'resultMissing' });

/** Marks or unmarks one of the team's results (an edit, a board with all its images, a video) as a favourite. */
export async function setFavorite(ctx: TeamContext, id: string, favorite: boolean): Promise<{ favorite: boolean }> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.generation.updateMany({ where: { id, teamId: ctx.team.id }, data: { favorite } });
    if (count === 0) throw missing();
    await tx.generationOutput.updateMany({ where: { generationId: id }, data: { favorite } });
  });
  return { favorite };
}

/** Marks or unmarks one item (one image of a board, an edit's result, a video) as a favourite. */
export async function setItemFavorite(ctx: TeamContext, outputId: string, favorite: boolean): Promise<{ favorite: boolean }> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const output = await tx.generationOutput.findFirst({ where: { id: outputId, teamId: ctx.team.id }, select: { generationId: true } });
    if (!output) throw missing();
    // The generation's row is the lock: two items of one board marked at once must not leave its mark stale.
    await tx.$executeRaw`SELECT 1 FROM "Generation" WHERE "id" = ${output.generationId}::uuid FOR UPDATE`;
    await tx.generationOutput.update({ where: { id: outputId }, data: { favorite } });
    const any = await tx.generationOutput.count({ where: { generationId: output.generationId, favorite: true }, take: 1 });
    await tx.generation.update({ where: { id: output.generationId }, data: { favorite: any > 0 } });
  });
  return { favorite };
}
