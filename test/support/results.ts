import type { TeamContext } from '../../lib/auth/context';
import { db } from '../../lib/runtime';

/** A completed edit result of `ctx`'s team with this prompt, written straight to the database (no file); its output id. */
export async function seedResult(ctx: TeamContext, prompt: string): Promise<string> {
  const prisma = await db();
  const g = await prisma.generation.create({ data: { teamId: ctx.team.id, userId: ctx.user.id, kind: 'edit', status: 'completed', prompt, params: {} } });
  const o = await prisma.generationOutput.create({
    data: {
      generationId: g.id,
      teamId: ctx.team.id,
      userId: ctx.user.id,
      kind: 'edit',
      model: 'atelier-edit',
      entryIndex: 0,
      status: 'completed',
      archive: 'unsaved',
    },
  });
  return o.id;
}
