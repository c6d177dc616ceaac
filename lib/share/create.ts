import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { AppError } from '../errors';
import { db } from '../runtime';
import { expiresAtFor, SHARE_EXPIRIES } from './lifetime';
import { hashShareToken, newShareToken } from './token';

export const createShareSchema = z.object({ generationId: z.uuid(), expiry: z.enum(SHARE_EXPIRIES) });
export type CreateShareInput = z.infer<typeof createShareSchema>;

/**
 * Creates a link to one of the team's finished results. The token is returned once, for the person
 * sharing to copy; only its sha256 is stored.
 */
export async function createShareLink(ctx: TeamContext, input: CreateShareInput): Promise<{ id: string; token: string; expiresAt: Date | null }> {
  const prisma = await db();
  const generation = await prisma.generation.findFirst({ where: { id: input.generationId, teamId: ctx.team.id }, select: { status: true } });
  if (!generation) throw new AppError('not_found', 'That result is not in this team.', { key: 'shareNoResult' });
  // A partially successful board is stored as completed; failed, cancelled and running ones have nothing to show.
  if (generation.status !== 'completed') throw new AppError('conflict', 'Only finished results can be shared.', { key: 'shareNotFinished' });
  const token = newShareToken();
  const expiresAt = expiresAtFor(input.expiry);
  const link = await prisma.shareLink.create({
    data: { teamId: ctx.team.id, generationId: input.generationId, tokenHash: hashShareToken(token), createdById: ctx.user.id, expiresAt },
    select: { id: true },
  });
  return { id: link.id, token, expiresAt };
}
