'use client';

import { format } from '@/lib/i18n';
import type { VideoLive } from '@/lib/videos/view';
import { useI18n } from '../i18n-provider';

/** The progress bar of an unfinished video with the service's estimate of the time left. */
export function VideoProgress({ video }: { video: Pick<VideoLive, 'state' | 'progress' | 'estimatedRemaining'> }) {
  const { t } = useI18n();
  const p = t.videos.progress;
  const remaining = video.estimatedRemaining;
  const time =
    remaining === null
      ? null
      : remaining < 60
        ? format(p.seconds, { n: Math.max(1, remaining) })
        : format(p.minutes, { m: Math.floor(remaining / 60), s: remaining % 60 });
  const note =
    video.state === 'archiving' ? p.archiving : video.state === 'pending' || video.progress === 0 ? p.starting : time ? format(p.remaining, { time }) : null;
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label={p.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={video.progress}
        className="h-1.5 overflow-hidden rounded-full bg-subtle ring-1 ring-line ring-inset"
      >
        <div className="h-full rounded-full bg-accent transition-[width] duration-700 ease-out" style={{ width: `${Math.max(2, video.progress)}%` }} />
      </div>
      <div className="flex justify-between gap-2 text-xs text-ink-muted tabular-nums">
        <span data-testid="video-progress">{video.progress}%</span>
        {note && <span data-testid="video-remaining">{note}</span>}
      </div>
    </div>
  );
}
