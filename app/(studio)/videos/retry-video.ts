'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { AppError, teamAction } from '@/lib/auth/action';
import { createVideo } from '@/lib/videos/create-video';
import { failedVideoParams } from '@/lib/videos/queries';

/** Starts a failed video again with its own settings; the new one records the old as its parent. */
export const retryVideo = teamAction(z.object({ id: z.uuid() }), 'member', async (ctx, { id }) => {
  const previous = await failedVideoParams(ctx, id);
  if (!previous) throw new AppError('not_found', 'That video is not in this team or no longer exists.', { key: 'videoMissing' });
  if (!previous.failed) throw new AppError('conflict', 'Only a failed video can be retried.', { key: 'videoNotFailed' });
  const { model, duration, resolution, audio, aspectRatio } = previous.params;
  try {
    return await createVideo(ctx, { model, prompt: previous.prompt, duration: duration ?? undefined, resolution, audio, aspectRatio, parentId: id });
  } finally {
    revalidatePath('/videos');
    revalidatePath(`/videos/${id}`);
  }
});
