'use client';

import { ChevronLeft, ChevronRight, Download, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { format } from '@/lib/i18n';
import { useSwipeToPage, useWindowKeys } from '../compare/viewer-input';
import { useI18n } from '../i18n-provider';

/** One file of a shared page as the viewer shows it; its words are what the link shows. */
export interface GalleryItem {
  /** The token-scoped media URL of the full file. */
  src: string;
  video: boolean;
  /** What the item is, when its model does not say it: "Original". */
  name: string | null;
  prompt: string | null;
  model: string | null;
  size: string | null;
  /** The full file's width, when known: the viewer then picks the 1024 px preview or the file by the screen. */
  width: number | null;
}

/** The picture fitted into the stage whole, clear of the arrows on a wide screen. */
const FILL = 'absolute inset-0 size-full object-contain px-2 sm:px-16';
const NO_PAN = { onPointerDown: () => {}, onPointerUp: () => {} };
const FOCUSABLE = 'a[href], button:not([disabled]), video[controls]';

/**
 * Every picture of a shared page full screen, one at a time: ← → (the arrows, or a swipe on a
 * touch screen) page, Esc closes, Home and End jump; focus stays inside while it is open. The
 * neighbours are fetched ahead so paging shows them at once.
 */
export function GalleryViewer({ items, start, onClose }: { items: GalleryItem[]; start: number; onClose: () => void }) {
  const { t } = useI18n();
  const v = t.share.page.viewer;
  const [index, setIndex] = useState(start);
  const root = useRef<HTMLDivElement>(null);
  const item = items[index];
  const go = (by: number) => setIndex((i) => Math.min(Math.max(i + by, 0), items.length - 1));

  useEffect(() => {
    root.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => void (document.body.style.overflow = overflow);
  }, []);
  useEffect(() => {
    for (const near of [items[index - 1], items[index + 1]]) {
      if (!near || near.video) continue;
      const { src, srcSet, sizes } = imageSrc(near);
      Object.assign(new Image(), { sizes: sizes ?? '', srcset: srcSet ?? '', src });
    }
  }, [items, index]);

  useWindowKeys((e) => {
    const keys: Record<string, () => void> = {
      Escape: onClose,
      ArrowLeft: () => go(-1),
      ArrowRight: () => go(1),
      Home: () => setIndex(0),
      End: () => setIndex(items.length - 1),
    };
    const action = keys[e.key];
    // A focused video's arrows seek it.
    const seeking = e.target instanceof HTMLVideoElement && e.key !== 'Escape';
    if (!action || seeking || e.defaultPrevented) return;
    e.preventDefault();
    action();
  });
  const swipe = useSwipeToPage(NO_PAN, 1, go);

  // Tab and Shift+Tab go round the viewer's own controls.
  const trapFocus = (e: ReactKeyboardEvent) => {
    if (e.key !== 'Tab' || !root.current) return;
    const focusable = [...root.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const [first, last] = [focusable[0], focusable[focusable.length - 1]];
    if (!first) return;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === root.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const facts = [item.model, item.size].filter((fact): fact is string => Boolean(fact));
  return (
    <div
      ref={root}
      role="dialog"
      aria-modal="true"
      aria-label={v.title}
      tabIndex={-1}
      onKeyDown={trapFocus}
      data-testid="gallery-viewer"
      data-index={index}
      className="fixed inset-0 z-50 grid grid-rows-[auto_minmax(0,1fr)_auto] bg-neutral-950 text-white outline-none"
    >
      <div className="flex items-center justify-between gap-3 px-3 py-2 sm:px-4">
        <p className="text-[13px] font-medium text-white/80 tabular-nums" data-testid="gallery-position" aria-live="polite">
          {format(v.position, { n: index + 1, count: items.length })}
          <span className="ml-3 hidden text-white/45 sm:inline">{v.hint}</span>
        </p>
        <div className="flex items-center gap-1">
          <a
            href={`${item.src}?download=1`}
            download
            className="inline-flex h-9 items-center gap-1.5 rounded-control px-3 text-[13px] font-medium text-white/90 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
          >
            <Download className="size-4" aria-hidden />
            {t.share.page.download}
          </a>
          <button
            type="button"
            onClick={onClose}
            aria-label={v.close}
            title={v.close}
            className="grid size-9 place-items-center rounded-control hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
      </div>
      <div {...swipe} className="relative min-h-0 touch-pan-y select-none">
        {item.video ? (
          <video key={item.src} src={item.src} poster={`${item.src}?w=1024`} controls playsInline className={FILL} />
        ) : (
          // eslint-disable-next-line @next/next/no-img-element -- our own files behind the share token
          <img
            key={item.src}
            {...imageSrc(item)}
            alt={item.prompt ?? item.name ?? format(v.position, { n: index + 1, count: items.length })}
            draggable={false}
            data-testid="gallery-image"
            className={FILL}
          />
        )}
        {index > 0 && <PageArrow side="left" label={v.previous} onClick={() => go(-1)} />}
        {index < items.length - 1 && <PageArrow side="right" label={v.next} onClick={() => go(1)} />}
      </div>
      <div className="grid min-h-4 gap-1.5 px-4 pt-2 pb-4 text-[13px] sm:px-6">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-white/70">
          {item.name && <span className="font-medium text-white">{item.name}</span>}
          {facts.map((fact) => (
            <span key={fact} className="font-mono text-xs">
              {fact}
            </span>
          ))}
        </p>
        {item.prompt && <p className="line-clamp-3 max-w-4xl leading-relaxed text-white/85">{item.prompt}</p>}
      </div>
    </div>
  );
}

/** The 1024 px preview on small screens, the file itself where the screen is wider than that. */
function imageSrc(item: GalleryItem): { src: string; srcSet?: string; sizes?: string } {
  if (!item.width || item.width <= 1024) return { src: item.src };
  return { src: item.src, srcSet: `${item.src}?w=1024 1024w, ${item.src} ${item.width}w`, sizes: '100vw' };
}

function PageArrow({ side, label, onClick }: { side: 'left' | 'right'; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid={`gallery-${side === 'left' ? 'previous' : 'next'}`}
      className={`absolute top-1/2 ${side === 'left' ? 'left-2 sm:left-4' : 'right-2 sm:right-4'} grid size-11 -translate-y-1/2 place-items-center rounded-full bg-black/55 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white`}
    >
      {side === 'left' ? <ChevronLeft className="size-5" aria-hidden /> : <ChevronRight className="size-5" aria-hidden />}
    </button>
  );
}
