'use server';

import { revalidatePath } from 'next/cache';
import { teamAction } from '@/lib/auth/action';
import { createVideo, createVideoSchema } from '@/lib/videos/create-video';

/** Starts a video from the form. A start the service refuses still leaves its failed card behind. */
export const startVideo = teamAction(createVideoSchema.omit({ parentId: true }), 'member', async (ctx, input) => {
  try {
    return await createVideo(ctx, input);
  } finally {
    revalidatePath('/videos');
  }
});
