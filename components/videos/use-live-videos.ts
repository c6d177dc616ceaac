'use client';

import { useEffect, useRef, useState } from 'react';
import { isSettled, type VideoLive, type VideoState } from '@/lib/videos/view';

const POLL_MS = 2000;
const RANK: Record<VideoState, number> = { pending: 0, running: 1, archiving: 2, completed: 3, failed: 3, cancelled: 3 };

/** Whichever of two views of one video is further along (a poll can race a server re-render). */
const newer = (a: VideoLive, b: VideoLive) => (RANK[b.state] > RANK[a.state] || (RANK[b.state] === RANK[a.state] && b.progress > a.progress) ? b : a);

/**
 * Keeps the given videos live: while any is unfinished, asks /api/videos/status every 2 s and
 * merges the answers in. `onSettled` hears of each video that finishes or fails while watched.
 */
export function useLiveVideos<T extends VideoLive>(videos: T[], onSettled?: (video: VideoLive) => void): T[] {
  const [live, setLive] = useState<Record<string, VideoLive>>({});
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  });

  const merged = videos.map((v) => (live[v.id] ? { ...v, ...newer(v, live[v.id]) } : v));
  const watching = merged.filter((v) => !isSettled(v.state)).map((v) => v.id);
  const key = watching.join(',');

  useEffect(() => {
    if (!key) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const response = await fetch(`/api/videos/status?ids=${key}`, { cache: 'no-store' });
        if (response.ok && !stopped) {
          const { videos: fresh } = (await response.json()) as { videos: VideoLive[] };
          setLive((previous) => {
            const next = { ...previous };
            for (const video of fresh) next[video.id] = previous[video.id] ? newer(previous[video.id], video) : video;
            return next;
          });
          for (const video of fresh) if (isSettled(video.state)) settledRef.current?.(video);
        }
      } catch {
        // Offline for a moment: the next tick tries again.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key]);

  return merged;
}
