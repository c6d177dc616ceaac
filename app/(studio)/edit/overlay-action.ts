'use server';

import { teamAction } from '@/lib/auth/action';
import { maskOverlaySchema, saveMaskOverlay } from '@/lib/edits/studio-prefs';

/** The studio's mask overlay colour and opacity, kept for this user on every device. */
export const rememberMaskOverlay = teamAction(maskOverlaySchema, 'member', async (ctx, overlay) => {
  await saveMaskOverlay(ctx, overlay);
  return null;
});
