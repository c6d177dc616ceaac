'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isSettled, type VideoLive, type VideoState } from '@/lib/videos/view';
import { getJson } from '../server-state';

const POLL_MS = 2000;
const SEEN = ['videos', 'seen'];
const RANK: Record<VideoState, number> = { pending: 0, running: 1, archiving: 2, completed: 3, failed: 3, cancelled: 3 };

/**
 * Whichever of two views of one video is further along (a poll can race a server re-render); as far
 * along, the later one `b`, whose time left has counted down since.
 */
const newer = (a: VideoLive, b: VideoLive) => (RANK[b.state] > RANK[a.state] || (RANK[b.state] === RANK[a.state] && b.progress >= a.progress) ? b : a);

/**
 * Keeps the given videos live: while any is unfinished, asks /api/videos/status every 2 s and
 * merges the answers in (a view never goes back). `onSettled` hears of each video that finishes
 * or fails while watched.
 */
export function useLiveVideos<T extends VideoLive>(videos: T[], onSettled?: (video: VideoLive) => void): T[] {
  const client = useQueryClient();
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  });
  // The newest view of each video seen so far, kept in the query cache across polls of changing ids.
  const { data: seen } = useQuery<Record<string, VideoLive>>({ queryKey: SEEN, queryFn: () => ({}), initialData: {}, staleTime: Infinity });
  const merged = videos.map((v) => (seen[v.id] ? { ...v, ...newer(v, seen[v.id]) } : v));
  const watching = merged
    .filter((v) => !isSettled(v.state))
    .map((v) => v.id)
    .join(',');

  useQuery({
    queryKey: ['videos', 'status', watching],
    queryFn: async ({ signal }) => {
      const { videos: fresh } = await getJson<{ videos: VideoLive[] }>(`/api/videos/status?ids=${watching}`, { signal });
      client.setQueryData<Record<string, VideoLive>>(SEEN, (previous = {}) => {
        const next = { ...previous };
        for (const video of fresh) next[video.id] = previous[video.id] ? newer(previous[video.id], video) : video;
        return next;
      });
      for (const video of fresh) if (isSettled(video.state)) settledRef.current?.(video);
      return fresh;
    },
    enabled: watching !== '',
    refetchInterval: POLL_MS,
    // The page already shows what the server rendered: the first ask is one interval later.
    initialData: [],
    staleTime: POLL_MS,
  });
  return merged;
}
