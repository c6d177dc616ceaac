'use client';

import { Check, Clapperboard, ImageOff, LayoutGrid, Play, Star, WandSparkles } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { format } from '@/lib/i18n';
import type { LibraryItem } from '@/lib/library/view';
import { useI18n } from '../i18n-provider';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';

const KIND_ICONS = { edit: WandSparkles, comparison: LayoutGrid, video: Clapperboard } as const;

/**
 * One result: its preview, what it is, and who made it; opens its detail view. It can be dragged
 * onto a collection (`onDragStart`), and C on it asks for one (`onCollectKey`); `footer` is what the
 * card holds below (the trash's Restore).
 */
export function LibraryTile({
  item,
  href,
  eager,
  selecting,
  selected,
  onSelect,
  onDragStart,
  onCollectKey,
  footer,
}: {
  item: LibraryItem;
  href: string;
  eager: boolean;
  selecting: boolean;
  selected: boolean;
  onSelect: (range: boolean) => void;
  onDragStart?: (event: React.DragEvent) => void;
  onCollectKey?: () => void;
  footer?: ReactNode;
}) {
  const { t } = useI18n();
  const l = t.library;
  const Icon = KIND_ICONS[item.kind];
  const kind = l.kinds[item.kind];
  const by = item.apiKey ? format(l.viaKey, { name: item.author, key: item.apiKey }) : item.author;
  return (
    <div
      className={cn(
        // The ring of the focused link is the card's: the card clips its corners, which would cut an outline.
        'group relative overflow-hidden rounded-card bg-surface shadow-card transition-shadow hover:shadow-pop',
        'has-[>a:focus-visible]:ring-2 has-[>a:focus-visible]:ring-accent has-[>a:focus-visible]:ring-offset-2 has-[>a:focus-visible]:ring-offset-canvas',
        selected && 'ring-2 ring-accent ring-offset-2 ring-offset-canvas',
      )}
    >
      <Link
        href={href}
        draggable={Boolean(onDragStart)}
        onDragStart={onDragStart}
        onKeyDown={(event) => {
          if (!onCollectKey || event.key.toLowerCase() !== 'c' || event.metaKey || event.ctrlKey || event.altKey) return;
          event.preventDefault();
          onCollectKey();
        }}
        data-testid="library-item"
        data-kind={item.kind}
        data-state={item.state}
        aria-label={`${format(l.open, { kind })}: ${item.prompt}`}
        aria-pressed={selecting ? selected : undefined}
        data-selected={selected || undefined}
        onClick={(event) => {
          if (!selecting) return;
          // Choosing, not opening: a click toggles the result, a shift-click takes the range since the last one.
          event.preventDefault();
          onSelect(event.shiftKey);
        }}
        className="relative block rounded-card outline-none"
      >
        {selecting && (
          <span
            aria-hidden
            className={cn(
              'absolute top-2 right-2 z-10 grid size-6 place-items-center rounded-full border-2 border-white shadow',
              selected ? 'bg-accent text-accent-fg' : 'bg-black/30',
            )}
          >
            {selected && <Check className="size-3.5" />}
          </span>
        )}
        <div className="relative aspect-square overflow-hidden bg-subtle">
          {item.previewUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- our own 256 px WebP, made when the result was stored
            <img
              src={item.previewUrl}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
            />
          ) : (
            <div className="grid size-full place-items-center text-ink-subtle">
              {item.state === 'archiving' ? <Spinner className="size-5" /> : <ImageOff className="size-6" />}
            </div>
          )}
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/55 px-2 py-0.5 text-[11px] font-medium text-white backdrop-blur-sm">
            <Icon className="size-3" aria-hidden />
            {kind}
          </span>
          {item.kind === 'video' && item.previewUrl && (
            <span className="absolute inset-0 grid place-items-center" aria-hidden>
              <span className="grid size-10 place-items-center rounded-full bg-black/45 text-white backdrop-blur-sm">
                <Play className="size-4 translate-x-px fill-current" />
              </span>
            </span>
          )}
          {item.favorite && !selecting && (
            <span className="absolute top-2 right-2 grid size-6 place-items-center rounded-full bg-black/55 text-amber-300" title={l.favorite}>
              <Star className="size-3.5 fill-current" aria-label={l.favorite} />
            </span>
          )}
          {item.state !== 'archived' && (
            <span
              className={cn(
                'absolute right-2 bottom-2 rounded-full px-2 py-0.5 text-[11px] font-medium',
                item.state === 'archiving' ? 'bg-black/55 text-white' : 'bg-warning-soft text-warning',
              )}
              title={item.state === 'unsaved' ? l.unsavedHint : undefined}
            >
              {item.state === 'archiving' ? l.saving : l.unsaved}
            </span>
          )}
        </div>
        <div className="grid gap-0.5 px-3 py-2.5">
          <p className="truncate text-[13px] text-ink" title={item.prompt}>
            {item.prompt}
          </p>
          <p className="truncate text-xs text-ink-subtle" title={`${item.model} · ${by}`}>
            {item.model} · {by}
          </p>
        </div>
      </Link>
      {footer}
    </div>
  );
}
