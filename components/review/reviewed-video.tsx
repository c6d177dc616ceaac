'use client';

import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { timecode } from '@/lib/review/anchor';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { cn } from '../ui/cn';
import { ScopedPins, useReviewScope } from './review-scope';

/**
 * A finished video with its review: the player, the pins of the threads at the time it shows (a
 * thread pinned to a time, and perhaps a point of the frame, shows within a second of it), and a
 * strip under it with every thread's time, which seeks there.
 */
export function ReviewedVideo({ src, poster, style }: { src: string; poster: string; style?: CSSProperties }) {
  const { t } = useI18n();
  const scope = useReviewScope();
  const player = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [frame, setFrame] = useState<{ width: number; height: number } | null>(null);
  // A video that read its metadata before the page was live told no one: read it now.
  useEffect(() => {
    const video = player.current;
    if (!video || video.readyState < 1) return;
    setDuration(video.duration);
    setFrame({ width: video.videoWidth, height: video.videoHeight });
  }, []);
  const playWith = scope?.playWith;
  useEffect(() => {
    playWith?.({
      seek: (seconds) => {
        const video = player.current;
        if (!video) return;
        video.pause();
        video.currentTime = seconds;
      },
      now: () => Math.round((player.current?.currentTime ?? 0) * 10) / 10,
    });
    return () => playWith?.(null);
  }, [playWith]);
  const timed = (scope?.review?.threads ?? []).filter((thread) => thread.anchor?.t !== undefined && (scope?.showResolved || !thread.resolved));
  return (
    <div className="grid gap-2">
      <div className="relative overflow-hidden rounded-control bg-black">
        <video
          ref={player}
          data-testid="video-player"
          src={src}
          poster={poster}
          controls
          playsInline
          preload="metadata"
          className="block max-h-[70vh] w-full"
          style={style}
          onLoadedMetadata={(e) => {
            setDuration(e.currentTarget.duration);
            setFrame({ width: e.currentTarget.videoWidth, height: e.currentTarget.videoHeight });
          }}
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          onSeeked={(e) => setTime(e.currentTarget.currentTime)}
        />
        <ScopedPins size={frame} time={time} />
      </div>
      {duration > 0 && timed.length > 0 && (
        <div className="relative h-6 rounded-full bg-subtle" aria-label={t.review.comments.title} data-testid="video-timeline">
          {timed.map((thread) => (
            <button
              key={thread.id}
              type="button"
              onClick={() => {
                scope?.setActive(thread.id);
                scope?.seek(thread.anchor!.t!);
              }}
              title={`${format(t.review.comments.marker, { n: thread.n })} · ${timecode(thread.anchor!.t!)}`}
              aria-label={`${format(t.review.comments.marker, { n: thread.n })} · ${timecode(thread.anchor!.t!)}`}
              className={cn(
                'focus-ring absolute top-1/2 grid size-5 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full text-[10px] font-semibold ring-2 ring-surface',
                scope?.active === thread.id ? 'bg-accent text-accent-fg' : 'bg-ink text-canvas',
              )}
              style={{ left: `${Math.min(100, (thread.anchor!.t! / duration) * 100)}%` }}
              data-testid="time-pin"
              data-t={thread.anchor!.t}
            >
              {thread.n}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
