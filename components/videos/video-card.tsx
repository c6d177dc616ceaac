'use client';

import { CircleAlert, Clapperboard } from 'lucide-react';
import Link from 'next/link';
import { useRef } from 'react';
import { frameRatio, isSettled, type VideoSummary } from '@/lib/videos/view';
import { FailureText } from '../failure-text';
import { useI18n } from '../i18n-provider';
import { VideoProgress } from './video-progress';
import { VideoStatusBadge } from './video-status-badge';
import { LocalTime } from '../local-time';

/** One video of the library: a muted looping preview on hover once done, live progress until then. */
export function VideoCard({ video }: { video: VideoSummary }) {
  const { t } = useI18n();
  const preview = useRef<HTMLVideoElement>(null);
  const done = video.state === 'completed' && video.assetId;
  return (
    <li>
      <Link
        href={`/videos/${video.id}`}
        aria-label={`${t.videos.library.open}: ${video.prompt}`}
        data-testid="video-card"
        data-video-id={video.id}
        className="focus-ring group flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card transition-shadow hover:shadow-md"
        onMouseEnter={() => void preview.current?.play().catch(() => {})}
        onMouseLeave={() => {
          if (!preview.current) return;
          preview.current.pause();
          preview.current.currentTime = 0.5;
        }}
      >
        <div className="relative grid aspect-video place-items-center overflow-hidden border-b border-line bg-subtle">
          {done ? (
            // A poster frame until hovered: a grid of cards fetches no video until one is played.
            <video
              ref={preview}
              src={`/api/assets/${video.assetId}`}
              poster={`/api/assets/${video.assetId}?w=512`}
              muted
              loop
              playsInline
              preload="none"
              className="size-full bg-black object-contain"
            />
          ) : (
            <div
              aria-hidden
              className={`grid max-h-[70%] max-w-[70%] place-items-center rounded-md border border-dashed ${video.state === 'failed' ? 'border-danger/40 text-danger' : 'border-line-strong text-ink-subtle'}`}
              style={{
                aspectRatio: frameRatio(video.aspectRatio),
                height: video.aspectRatio === '16:9' ? undefined : '70%',
                width: video.aspectRatio === '16:9' ? '70%' : undefined,
              }}
            >
              {video.state === 'failed' ? (
                <CircleAlert className="size-6" />
              ) : (
                <Clapperboard className={`size-6 ${isSettled(video.state) ? '' : 'animate-pulse'}`} />
              )}
            </div>
          )}
          <div className="absolute top-2 left-2">
            <VideoStatusBadge state={video.state} />
          </div>
        </div>
        <div className="grid flex-1 content-start gap-2.5 p-4">
          <p className="line-clamp-2 text-sm leading-snug font-medium text-ink">{video.prompt}</p>
          <p className="text-xs text-ink-muted">
            {[video.model, video.duration ? `${video.duration}s` : null, video.resolution, video.aspectRatio].filter(Boolean).join(' · ')}
          </p>
          {!isSettled(video.state) && <VideoProgress video={video} />}
          {video.state === 'failed' && video.errorMessage && (
            <div data-testid="video-error" className="grid gap-0.5 text-xs text-danger">
              <FailureText failure={{ code: video.errorCode, message: video.errorMessage }} />
            </div>
          )}
        </div>
        <p className="border-t border-line px-4 py-2.5 text-xs text-ink-subtle">
          {video.createdBy} · <LocalTime at={video.createdAt} />
        </p>
      </Link>
    </li>
  );
}
