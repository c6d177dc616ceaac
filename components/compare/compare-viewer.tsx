'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { format } from '@/lib/i18n';
import { ViewerPins } from '../review/viewer-pins';
import { useSharedView } from './use-shared-view';
import { useSwipeToPage, useWindowKeys } from './viewer-input';
import { ViewerToolbar, type ViewerLabels } from './viewer-toolbar';
import { openAt, pageBy, pageCount, sidePanes, switchTo, nextLayout, type ViewerItem, type ViewerPosition } from './viewer-paging';

export type { ViewerItem } from './viewer-paging';
export type { ViewerLabels } from './viewer-toolbar';

/**
 * Every image of the board full screen: one alone, each model's image of one number side by side,
 * or two under a swipe divider, with one zoom and pan for all (use-shared-view.ts). ← → (the
 * arrows, or a swipe at the fitted zoom) page through every image of every model; wheel or +/−
 * zooms about the pointer, dragging or Shift+arrows pans, 0 fits, S switches the layout, Esc closes.
 */
export function CompareViewer({ items, start, labels, onClose }: { items: ViewerItem[]; start?: string; labels: ViewerLabels; onClose: () => void }) {
  const [position, setPosition] = useState<ViewerPosition>(() => openAt(items, start));
  const [split, setSplit] = useState(50);
  const root = useRef<HTMLDivElement>(null);
  const shared = useSharedView(root);
  const { reapply } = shared;
  const { layout } = position;
  const shown =
    layout === 'side' ? sidePanes(items, position.page) : layout === 'swipe' ? [items[position.current], items[position.other]] : [items[position.current]];
  const go = (by: number) => setPosition((p) => pageBy(p, items, by));
  const can = (by: number) => pageBy(position, items, by) !== position;
  const name = (item: ViewerItem) => format(labels.position, { model: item.model, n: item.n, count: item.count });

  // Focus inside, and the page behind stays still while the wheel zooms.
  useEffect(() => {
    root.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => void (document.body.style.overflow = overflow);
  }, []);
  // New images (a layout, a page) get the current view.
  const shownKeys = shown.map((item) => item.key).join();
  useEffect(() => reapply(), [reapply, layout, shownKeys]);

  const onKeyDown = (e: KeyboardEvent) => {
    const pan = e.shiftKey || e.key === 'ArrowUp' || e.key === 'ArrowDown';
    const keys: Record<string, () => void> = {
      Escape: onClose,
      '+': () => shared.zoomCentre(1.25),
      '=': () => shared.zoomCentre(1.25),
      '-': () => shared.zoomCentre(0.8),
      '0': shared.reset,
      ArrowLeft: () => (pan ? shared.step(0.1, 0) : go(-1)),
      ArrowRight: () => (pan ? shared.step(-0.1, 0) : go(1)),
      ArrowUp: () => shared.step(0, 0.1),
      ArrowDown: () => shared.step(0, -0.1),
      s: () => setPosition((p) => switchTo(p, items, nextLayout(p, items))),
    };
    const action = keys[e.key];
    const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
    if (!action || (typing && e.key !== 'Escape')) return;
    e.preventDefault();
    action();
  };
  useWindowKeys(onKeyDown);
  const paneProps = {
    ...useSwipeToPage(shared.paneProps, shared.zoom, go),
    className: 'relative min-h-0 min-w-0 cursor-grab touch-none overflow-hidden bg-black/40 active:cursor-grabbing',
  };

  const image = (item: ViewerItem, clip?: string) => (
    // eslint-disable-next-line @next/next/no-img-element -- full-size team assets behind auth
    <img
      key={item.key}
      src={item.src}
      alt={name(item)}
      draggable={false}
      data-viewer-image
      className="absolute inset-0 h-full w-full origin-top-left object-contain select-none"
      style={{ willChange: 'transform', clipPath: clip }}
    />
  );
  const tag = (text: string, side = 'left-2') => (
    // Wrapped, not cut: a phone's narrow pane still names the whole image.
    <span
      className={`pointer-events-none absolute top-2 ${side} ${layout === 'swipe' ? 'max-w-[45%]' : 'max-w-[calc(100%-1rem)]'} rounded bg-black/60 px-1.5 py-0.5 text-[11px] font-medium break-words`}
    >
      {text}
    </span>
  );
  const where =
    layout === 'side'
      ? format(labels.page, { n: position.page + 1, count: pageCount(items) })
      : layout === 'swipe'
        ? `${name(shown[0])} ↔ ${name(shown[1])}`
        : name(shown[0]);

  return (
    <div
      ref={root}
      role="dialog"
      aria-modal="true"
      aria-label={labels.title}
      tabIndex={-1}
      data-testid="compare-viewer"
      data-layout={layout}
      className="fixed inset-0 z-50 grid grid-rows-[auto_minmax(0,1fr)] bg-neutral-950 text-white outline-none"
    >
      <ViewerToolbar
        labels={labels}
        where={where}
        zoom={shared.zoom}
        onZoom={shared.zoomCentre}
        onReset={shared.reset}
        layout={layout}
        layouts={items.length >= 2}
        onLayout={(next) => setPosition((p) => switchTo(p, items, next))}
        onClose={onClose}
      />
      <div className="relative grid min-h-0">
        {layout === 'swipe' ? (
          <div className="grid min-h-0 grid-rows-[minmax(0,1fr)_auto] gap-2 p-2">
            <div {...paneProps}>
              {image(shown[0])}
              {image(shown[1], `inset(0 0 0 ${split}%)`)}
              <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.4)]" style={{ left: `${split}%` }} />
              {tag(name(shown[0]))}
              {tag(name(shown[1]), 'right-2')}
            </div>
            <div className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-center gap-2 text-xs">
              <ItemSelect
                label={labels.left}
                items={items}
                value={position.current}
                onChange={(current) => setPosition((p) => ({ ...p, current }))}
                name={name}
              />
              <input
                type="range"
                min={0}
                max={100}
                value={split}
                onChange={(e) => setSplit(Number(e.target.value))}
                aria-label={labels.divider}
                className="min-w-40 flex-1 accent-white"
              />
              <ItemSelect label={labels.right} items={items} value={position.other} onChange={(other) => setPosition((p) => ({ ...p, other }))} name={name} />
            </div>
          </div>
        ) : (
          <div className="grid min-h-0 gap-2 p-2" style={{ gridTemplateColumns: `repeat(${shown.length}, minmax(0, 1fr))` }}>
            {shown.map((item) => (
              <div key={layout === 'side' ? item.model : 'single'} {...paneProps} data-testid="viewer-pane">
                {image(item)}
                {item.outputId && <ViewerPins key={`pins:${item.outputId}`} outputId={item.outputId} zoom={shared.zoom} />}
                {tag(name(item))}
              </div>
            ))}
          </div>
        )}
        <PageArrow side="left" label={labels.previous} disabled={!can(-1)} onClick={() => go(-1)} />
        <PageArrow side="right" label={labels.next} disabled={!can(1)} onClick={() => go(1)} />
      </div>
    </div>
  );
}

function PageArrow({ side, label, disabled, onClick }: { side: 'left' | 'right'; label: string; disabled: boolean; onClick: () => void }) {
  if (disabled) return null;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={`absolute top-1/2 ${side === 'left' ? 'left-3' : 'right-3'} grid size-10 -translate-y-1/2 place-items-center rounded-full bg-black/55 text-white hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-white`}
    >
      {side === 'left' ? <ChevronLeft className="size-5" /> : <ChevronRight className="size-5" />}
    </button>
  );
}

function ItemSelect(props: { label: string; items: ViewerItem[]; value: number; onChange: (index: number) => void; name: (item: ViewerItem) => string }) {
  return (
    <select
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(Number(e.target.value))}
      className="max-w-56 min-w-0 rounded-control border border-white/25 bg-neutral-900 px-2 py-1 text-white"
    >
      {props.items.map((item, i) => (
        <option key={item.key} value={i}>
          {props.name(item)}
        </option>
      ))}
    </select>
  );
}
