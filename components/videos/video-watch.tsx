'use client';

import { Clapperboard } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { frameRatio, type VideoLive } from '@/lib/videos/view';
import type { AspectRatio } from '@/lib/videos/estimate';
import { useI18n } from '../i18n-provider';
import { useLiveVideos } from './use-live-videos';
import { VideoProgress } from './video-progress';
import { VideoStatusBadge } from './video-status-badge';

/** The player's stand-in while a video renders: live progress, then a refresh into the finished page. */
export function VideoWatch({ video, aspectRatio }: { video: VideoLive; aspectRatio: AspectRatio }) {
  const { t } = useI18n();
  const router = useRouter();
  const [live] = useLiveVideos([video], () => router.refresh());
  return (
    <div className="grid gap-4">
      <div className="grid place-items-center rounded-control bg-subtle p-6" style={{ aspectRatio: aspectRatio === '9:16' ? '4 / 5' : '16 / 9' }}>
        <div
          className="grid h-full max-h-full place-items-center rounded-md border border-dashed border-line-strong text-ink-subtle"
          style={{ aspectRatio: frameRatio(aspectRatio) }}
        >
          <Clapperboard aria-hidden className="size-8 animate-pulse" />
        </div>
      </div>
      <div className="flex items-center gap-3">
        <VideoStatusBadge state={live.state} />
        <span className="text-sm text-ink-muted">{t.videos.player.rendering}</span>
      </div>
      <VideoProgress video={live} />
    </div>
  );
}
