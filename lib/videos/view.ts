import type { AspectRatio, Resolution } from './estimate';

/** What a video shows as: the task's state, plus `archiving` between the service's end and our copy. */
export type VideoState = 'pending' | 'running' | 'archiving' | 'completed' | 'failed' | 'cancelled';

/** The part of a video that changes while it renders (what GET /api/videos/status answers). */
export interface VideoLive {
  id: string;
  state: VideoState;
  progress: number;
  /** Seconds, as the service last estimated them. */
  estimatedRemaining: number | null;
  errorMessage: string | null;
  /** The service's (or Atelier's) code for a failure, which the UI words in its language. */
  errorCode: string | null;
  /** The archived MP4 once completed. */
  assetId: string | null;
}

export interface VideoSummary extends VideoLive {
  prompt: string;
  model: string;
  duration: number | null;
  resolution: Resolution;
  aspectRatio: AspectRatio;
  audio: boolean;
  createdAt: string;
  createdBy: string;
  mine: boolean;
}

/**
 * Seconds left now by the service's last estimate (given `at`), counted down since: a page loaded
 * or polled later, or after a restart, goes on from it instead of showing the old number again.
 */
export function secondsLeft(estimate: number | null, at: Date | null, now = Date.now()): number | null {
  if (estimate === null) return null;
  if (!at) return estimate;
  return Math.max(0, Math.round(estimate - (now - at.getTime()) / 1000));
}

export const isSettled = (state: VideoState) => state === 'completed' || state === 'failed' || state === 'cancelled';

/** CSS aspect-ratio value of a video's frame. */
export const frameRatio = (ratio: AspectRatio) => ratio.replace(':', ' / ');
