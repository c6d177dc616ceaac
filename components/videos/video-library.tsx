'use client';

import type { ReactNode } from 'react';
import type { VideoSummary } from '@/lib/videos/view';
import { useLiveVideos } from './use-live-videos';
import { VideoCard } from './video-card';

/** The library grid, kept live while any of its videos renders. `empty` shows when there are none. */
export function VideoLibrary({ videos, empty }: { videos: VideoSummary[]; empty: ReactNode }) {
  const live = useLiveVideos(videos);
  if (live.length === 0) return <>{empty}</>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="video-grid">
      {live.map((video) => (
        <VideoCard key={video.id} video={video} />
      ))}
    </ul>
  );
}
