import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { db } from '../runtime';

/** The mask overlay's colour and opacity, as the user last chose them in the studio. */
export const maskOverlaySchema = z.object({
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  opacity: z.number().min(0.1).max(1),
});
export type MaskOverlay = z.infer<typeof maskOverlaySchema>;

export const DEFAULT_OVERLAY: MaskOverlay = { color: '#ff2d6f', opacity: 0.5 };

export async function maskOverlayOf(ctx: TeamContext): Promise<MaskOverlay> {
  const user = await (await db()).user.findUnique({ where: { id: ctx.user.id }, select: { maskOverlay: true } });
  const parsed = maskOverlaySchema.safeParse(user?.maskOverlay);
  return parsed.success ? parsed.data : DEFAULT_OVERLAY;
}

export async function saveMaskOverlay(ctx: TeamContext, overlay: MaskOverlay): Promise<void> {
  await (await db()).user.update({ where: { id: ctx.user.id }, data: { maskOverlay: overlay } });
}
