import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { AppError } from '../errors';
import { LIVE } from '../generations/visibility';
import { db } from '../runtime';
import { expiresAtFor, SHARE_EXPIRIES } from './lifetime';
import { hashShareToken, newShareToken } from './token';

/** What a link shows: a whole result (a board with all its images), one item of one, or a collection. */
export const shareTargetSchema = z.union([
  z.strictObject({ generationId: z.uuid() }),
  z.strictObject({ outputId: z.uuid() }),
  z.strictObject({ collectionId: z.uuid() }),
]);
export type ShareTarget = z.infer<typeof shareTargetSchema>;

/** What the page shows beside each picture; each on unless the person sharing turns it off. */
export const shareShowSchema = z.strictObject({ prompt: z.boolean(), model: z.boolean(), size: z.boolean() });
const SHOW_ALL = { prompt: true, model: true, size: true };

export const createShareSchema = z.object({
  target: shareTargetSchema,
  expiry: z.enum(SHARE_EXPIRIES),
  show: shareShowSchema.default(SHOW_ALL),
});
/** As callers give it: `show` may be left out (everything shown). */
export type CreateShareInput = z.input<typeof createShareSchema>;

type LinkTarget = { generationId: string; outputId?: string } | { collectionId: string };

const notInTeam = () => new AppError('not_found', 'That result is not in this team.', { key: 'shareNoResult' });
// A partially successful board is stored as completed; failed, cancelled and running ones have nothing to show.
const notFinished = () => new AppError('conflict', 'Only finished results can be shared.', { key: 'shareNotFinished' });

/** The row's target after checking it is the team's and has something to show. */
async function checkedTarget(ctx: TeamContext, target: ShareTarget): Promise<LinkTarget> {
  const prisma = await db();
  if ('generationId' in target) {
    const generation = await prisma.generation.findFirst({ where: { id: target.generationId, teamId: ctx.team.id }, select: { status: true } });
    if (!generation) throw notInTeam();
    if (generation.status !== 'completed') throw notFinished();
    return target;
  }
  if ('outputId' in target) {
    const output = await prisma.generationOutput.findFirst({
      where: { id: target.outputId, teamId: ctx.team.id, ...LIVE },
      select: { generationId: true, status: true, assetId: true },
    });
    if (!output) throw notInTeam();
    if (output.status !== 'completed' || !output.assetId) throw notFinished();
    return { generationId: output.generationId, outputId: target.outputId };
  }
  const collection = await prisma.collection.findFirst({
    where: { id: target.collectionId, teamId: ctx.team.id },
    select: { _count: { select: { items: { where: { output: LIVE } } } } },
  });
  if (!collection) throw new AppError('not_found', 'That collection is not in this team.', { key: 'collectionMissing' });
  if (collection._count.items === 0) throw new AppError('conflict', 'Add results to the collection before sharing it.', { key: 'shareEmptyCollection' });
  return target;
}

/**
 * Creates a link to something of the team's. The token is returned once, for the person sharing to
 * copy; only its sha256 is stored.
 */
export async function createShareLink(ctx: TeamContext, input: CreateShareInput): Promise<{ id: string; token: string; expiresAt: Date | null }> {
  const target = await checkedTarget(ctx, input.target);
  const token = newShareToken();
  const expiresAt = expiresAtFor(input.expiry);
  const show = input.show ?? SHOW_ALL;
  const link = await (
    await db()
  ).shareLink.create({
    data: {
      teamId: ctx.team.id,
      ...target,
      tokenHash: hashShareToken(token),
      createdById: ctx.user.id,
      expiresAt,
      showPrompt: show.prompt,
      showModel: show.model,
      showSize: show.size,
    },
    select: { id: true },
  });
  return { id: link.id, token, expiresAt };
}
