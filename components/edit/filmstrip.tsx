'use client';

import { Columns2, X } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { previewUrl } from '@/lib/assets/preview-url';
import type { EditKind } from '@/lib/edits/kinds';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import type { ReviewState } from '@/lib/db/generated/enums';
import { StateBadge } from '../review/review-state';
import { useJson } from '../server-state';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';

interface Version {
  id: string;
  reviewState: ReviewState;
  kind: EditKind;
  prompt: string;
  originalAssetId: string;
  resultAssetId: string | null;
}

/** One picture of the strip: the first step's original, or a step's result. */
interface Frame {
  key: string;
  assetId: string;
  /** Its name: "Original", or the step's number and kind in the reader's language. */
  label: string;
  /** A step's prompt (shown cut to a line, whole on hover); none for the original. */
  prompt: string | null;
  href: string;
  /** A version's review, marked on its frame once it is past a draft. */
  reviewState: ReviewState;
}

export interface Comparison {
  before: string;
  after: string;
  label: string;
}

/**
 * The versions of the edit in the studio, oldest first: the original, then each "continue editing"
 * step's result. A frame opens its step (to look at it, or continue from it: a branch); ticking two
 * compares them in the before/after slider.
 */
export function Filmstrip({ editId, onCompare }: { editId: string; onCompare: (comparison: Comparison | null) => void }) {
  const { t } = useI18n();
  const v = t.edit.versions;
  const versions = useJson<{ versions: Version[] }>(`/api/edits/${editId}/versions`).data?.versions;
  const [picked, setPicked] = useState<string[]>([]);

  if (!versions || versions.length === 0) return null;
  const frames: Frame[] = [
    {
      key: 'original',
      assetId: versions[0].originalAssetId,
      label: v.original,
      prompt: null,
      href: `/edit?asset=${versions[0].originalAssetId}`,
      reviewState: 'draft',
    },
    ...versions.flatMap((version, i) =>
      version.resultAssetId
        ? [
            {
              key: version.id,
              assetId: version.resultAssetId,
              label: format(v.step, { n: i + 1, kind: t.edit.kinds[version.kind].name }),
              prompt: version.prompt,
              href: `/edit?edit=${version.id}`,
              reviewState: version.reviewState,
            },
          ]
        : [],
    ),
  ];
  const toggle = (frame: Frame) => {
    // At most two, in the strip's order: the older is "before".
    const next = picked.includes(frame.key) ? picked.filter((k) => k !== frame.key) : [...picked, frame.key].slice(-2);
    setPicked(next);
    const chosen = frames.filter((f) => next.includes(f.key));
    onCompare(
      chosen.length === 2
        ? { before: chosen[0].assetId, after: chosen[1].assetId, label: format(v.comparing, { a: chosen[0].label, b: chosen[1].label }) }
        : null,
    );
  };
  const stop = () => {
    setPicked([]);
    onCompare(null);
  };

  return (
    <section className="grid gap-2" aria-label={v.title} data-testid="filmstrip">
      <div className="flex items-center justify-between gap-2 text-[13px]">
        <h2 className="font-medium text-ink">{v.title}</h2>
        {picked.length === 2 ? (
          <Button variant="ghost" size="sm" onClick={stop}>
            <X />
            {v.stop}
          </Button>
        ) : (
          <span className="text-xs text-ink-subtle">{v.hint}</span>
        )}
      </div>
      <ol className="flex gap-2 overflow-x-auto pb-1">
        {frames.map((frame) => {
          const current = frame.key === editId;
          const ticked = picked.includes(frame.key);
          return (
            <li
              key={frame.key}
              className="grid w-28 shrink-0 grid-cols-[minmax(0,1fr)] content-start gap-1"
              data-testid="version"
              data-current={current || undefined}
              title={frame.prompt ? `${frame.label}\n${frame.prompt}` : frame.label}
            >
              <Link
                href={frame.href}
                aria-current={current ? 'step' : undefined}
                className={cn(
                  'relative block aspect-square overflow-hidden rounded-control bg-subtle checkerboard ring-offset-2 ring-offset-canvas',
                  current ? 'ring-2 ring-accent' : 'hover:ring-2 hover:ring-line',
                )}
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- the stored preview, behind auth */}
                <img src={previewUrl(frame.assetId)} alt={frame.label} loading="lazy" className="absolute inset-0 h-full w-full object-cover" />
                {frame.reviewState !== 'draft' && (
                  <StateBadge state={frame.reviewState} className="absolute bottom-1 left-1 h-5 px-1.5 text-[10px] shadow-card" />
                )}
              </Link>
              <span className="flex min-w-0 items-center justify-between gap-1 text-[11px] text-ink-muted">
                <span className="truncate font-medium text-ink" data-testid="version-label">
                  {frame.label}
                </span>
                <label className={cn('flex cursor-pointer items-center gap-0.5', ticked && 'text-accent')} title={v.compare}>
                  <input
                    type="checkbox"
                    className="size-3 accent-[var(--accent)]"
                    checked={ticked}
                    onChange={() => toggle(frame)}
                    aria-label={`${v.compare}: ${frame.label}`}
                  />
                  <Columns2 className="size-3" aria-hidden />
                </label>
              </span>
              {frame.prompt && (
                <span className="-mt-1 truncate text-[11px] text-ink-subtle" data-testid="version-prompt">
                  {frame.prompt}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
