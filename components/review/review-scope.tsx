'use client';

import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Anchor } from '@/lib/review/anchor';
import type { ResultReview } from '@/lib/review/view';
import { useJson } from '../server-state';
import { PinLayer, type Pin } from './pin-layer';

// One result's review, shared by what shows the picture (its pins) and the panel beside it (its
// threads and composer): which thread is active, and a pin being placed, live in one place.

/** How often an open panel asks again: comments from other members (on any replica) arrive within this. */
const POLL_MS = 15_000;

export const reviewUrl = (outputId: string) => `/api/library/${outputId}/review`;

/** A result's review through the one query cache (every view of it shares the answer), polled while shown. */
export function useResultReview(outputId: string | null) {
  const query = useJson<ResultReview>(reviewUrl(outputId ?? 'none'), { enabled: Boolean(outputId), refetchInterval: POLL_MS });
  const client = useQueryClient();
  const refresh = useCallback(() => (outputId ? client.invalidateQueries({ queryKey: [reviewUrl(outputId)] }) : Promise.resolve()), [client, outputId]);
  return { review: outputId ? query.data : undefined, refresh };
}

interface Scope {
  outputId: string;
  review: ResultReview | undefined;
  refresh: () => Promise<unknown>;
  placing: boolean;
  setPlacing: (placing: boolean) => void;
  draft: Anchor | null;
  setDraft: (anchor: Anchor | null) => void;
  active: string | null;
  setActive: (id: string | null) => void;
  showResolved: boolean;
  setShowResolved: (show: boolean) => void;
  /** A video's player (registered with `playWith`): seeks to a thread's time, and says the time it shows (a new thread's). */
  seek: (seconds: number) => void;
  now: () => number | undefined;
  playWith: (player: Player | null) => void;
}

/** What the review needs of a video's player. */
export interface Player {
  seek: (seconds: number) => void;
  now: () => number;
}

const ScopeContext = createContext<Scope | null>(null);

/** The review of the result on show (null: none, as in the studio before a run). */
export const useReviewScope = () => useContext(ScopeContext);

/**
 * The review of `outputId` for everything below (none while it is null). A new result on show starts
 * with nothing placed or open; `thread`: one to open at once (an inbox item leads to it), scrolled
 * into view when the review comes.
 */
export function ReviewScope({ outputId, thread, children }: { outputId: string | null; thread?: string; children: ReactNode }) {
  const { review, refresh } = useResultReview(outputId);
  const [placing, setPlacing] = useState(false);
  const [draft, setDraft] = useState<Anchor | null>(null);
  const [active, setActive] = useState<string | null>(thread ?? null);
  const [showResolved, setShowResolved] = useState(false);
  const player = useRef<Player | null>(null);
  const seek = useCallback((seconds: number) => player.current?.seek(seconds), []);
  const now = useCallback(() => player.current?.now(), []);
  const playWith = useCallback((next: Player | null) => void (player.current = next), []);
  const [shownFor, setShownFor] = useState(outputId);
  if (shownFor !== outputId) {
    setShownFor(outputId);
    setPlacing(false);
    setDraft(null);
    setActive(null);
  }
  const loaded = Boolean(review);
  useEffect(() => {
    if (loaded && thread) document.getElementById(`thread-${thread}`)?.scrollIntoView({ block: 'center' });
  }, [loaded, thread]);
  const value = useMemo(
    () =>
      outputId
        ? { outputId, review, refresh, placing, setPlacing, draft, setDraft, active, setActive, showResolved, setShowResolved, seek, now, playWith }
        : null,
    [outputId, review, refresh, placing, draft, active, showResolved, seek, now, playWith],
  );
  return <ScopeContext.Provider value={value}>{children}</ScopeContext.Provider>;
}

/** The pins of a review's threads (open ones, and resolved ones when asked), for a PinLayer. */
export function pinsOf(review: ResultReview | undefined, showResolved = false): Pin[] {
  return (review?.threads ?? [])
    .filter((thread) => thread.anchor && (showResolved || !thread.resolved))
    .map((thread) => ({ id: thread.id, n: thread.n, anchor: thread.anchor!, resolved: Boolean(thread.resolved) }));
}

/**
 * The pins of the result in scope, over its picture (laid `absolute inset-0` over an element that
 * shows it fitted whole). `size`: the picture's pixels when known before its review is.
 */
export function ScopedPins({ size, scale, time }: { size?: { width: number; height: number } | null; scale?: number; time?: number }) {
  const scope = useReviewScope();
  const picture = size ?? scope?.review?.size;
  if (!scope || !picture) return null;
  return (
    <PinLayer
      size={picture}
      pins={pinsOf(scope.review, scope.showResolved)}
      active={scope.active}
      onSelect={(id) => {
        scope.setActive(id);
        document.getElementById(`thread-${id}`)?.scrollIntoView({ block: 'nearest' });
      }}
      placing={scope.placing}
      draft={scope.draft}
      onPlace={(anchor) => {
        scope.setDraft(anchor);
        scope.setPlacing(false);
      }}
      scale={scale}
      time={time}
    />
  );
}
