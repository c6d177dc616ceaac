'use client';

import { useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import type { Anchor } from '@/lib/review/anchor';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { cn } from '../ui/cn';

/** A thread's pin as the layer draws it. */
export interface Pin {
  id: string;
  n: number;
  anchor: Anchor;
  resolved: boolean;
}

interface Props {
  /** The picture's own size in pixels: pins are stored in it, so they hold at any zoom and on any screen. */
  size: { width: number; height: number };
  pins: Pin[];
  active?: string | null;
  onSelect?: (id: string) => void;
  /** Placing a new pin: a click places a point, a drag marks a box. */
  placing?: boolean;
  draft?: Anchor | null;
  onPlace?: (anchor: Anchor) => void;
  /** The zoom an outer transform draws the layer at: pins keep their size on screen. */
  scale?: number;
  /** A video's current time: a pin with a time shows within a second of it. */
  time?: number;
  /** How the picture is fitted into the layer's box: whole (contain, the default) or filling it (cover, a square thumbnail). */
  fit?: 'contain' | 'cover';
}

/**
 * The box a picture of `size` takes inside the layer (a size container) when fitted whole (object-fit:
 * contain) or filling it (cover: centred, overflowing), in CSS alone: it follows every resize and
 * zoom of the layer with no measuring.
 */
function fittedBox(size: { width: number; height: number }, fit: 'contain' | 'cover'): CSSProperties {
  const ratio = size.width / size.height;
  return {
    position: 'absolute',
    left: '50%',
    top: '50%',
    transform: 'translate(-50%, -50%)',
    width: `${fit === 'cover' ? 'max' : 'min'}(100cqw, ${ratio} * 100cqh)`,
    aspectRatio: `${size.width} / ${size.height}`,
  };
}

/**
 * Pins over a picture fitted into the layer's box (as an `object-contain` image is, or `object-cover`),
 * laid over it with `absolute inset-0`: each at its spot in the picture's pixels, numbered as its thread.
 */
export function PinLayer({ size, pins, active, onSelect, placing = false, draft, onPlace, scale = 1, time, fit = 'contain' }: Props) {
  const { t } = useI18n();
  const inner = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ from: { x: number; y: number }; to: { x: number; y: number }; pointer: number } | null>(null);

  /** The picture's pixel under a pointer (clamped to the picture). */
  const pictureAt = (e: PointerEvent) => {
    const box = inner.current!.getBoundingClientRect();
    const clamp = (v: number, max: number) => Math.max(0, Math.min(max - 1, Math.round(v)));
    return {
      x: clamp(((e.clientX - box.left) / box.width) * size.width, size.width),
      y: clamp(((e.clientY - box.top) / box.height) * size.height, size.height),
    };
  };

  const handlers = placing
    ? {
        onPointerDown: (e: PointerEvent) => {
          if (e.button !== 0) return;
          e.preventDefault();
          e.stopPropagation();
          e.currentTarget.setPointerCapture(e.pointerId);
          const at = pictureAt(e);
          setDrag({ from: at, to: at, pointer: e.pointerId });
        },
        onPointerMove: (e: PointerEvent) => {
          if (drag?.pointer === e.pointerId) setDrag({ ...drag, to: pictureAt(e) });
        },
        onPointerUp: (e: PointerEvent) => {
          if (drag?.pointer !== e.pointerId) return;
          setDrag(null);
          const to = pictureAt(e);
          const [x, y, w, h] = [Math.min(drag.from.x, to.x), Math.min(drag.from.y, to.y), Math.abs(to.x - drag.from.x), Math.abs(to.y - drag.from.y)];
          // A drag of a few screen pixels is a click: a point.
          const box = inner.current!.getBoundingClientRect();
          const onScreen = Math.max((w / size.width) * box.width, (h / size.height) * box.height);
          onPlace?.(
            onScreen < 6
              ? { x: drag.from.x, y: drag.from.y, ...(time !== undefined ? { t: time } : {}) }
              : { x, y, w, h, ...(time !== undefined ? { t: time } : {}) },
          );
        },
        onPointerCancel: () => setDrag(null),
      }
    : {};

  const dragged: Anchor | null = drag
    ? {
        x: Math.min(drag.from.x, drag.to.x),
        y: Math.min(drag.from.y, drag.to.y),
        w: Math.abs(drag.to.x - drag.from.x) || 1,
        h: Math.abs(drag.to.y - drag.from.y) || 1,
      }
    : null;
  const shown = pins.filter((pin) => pin.anchor.x !== undefined && (time === undefined || pin.anchor.t === undefined || Math.abs(pin.anchor.t - time) <= 1));
  return (
    <div
      className={cn('absolute inset-0', placing ? 'z-20 cursor-crosshair touch-none' : 'pointer-events-none')}
      style={{ containerType: 'size' }}
      data-testid="pin-layer"
      data-placing={placing || undefined}
      {...handlers}
    >
      <div ref={inner} style={fittedBox(size, fit)} data-testid="pin-box">
        {shown.map((pin) => (
          <Marker
            key={pin.id}
            anchor={pin.anchor}
            size={size}
            scale={scale}
            label={String(pin.n)}
            title={format(t.review.comments.marker, { n: pin.n })}
            active={active === pin.id}
            faded={pin.resolved}
            onClick={onSelect && !placing ? () => onSelect(pin.id) : undefined}
            testId={pin.id}
          />
        ))}
        {(dragged ?? draft) && <Marker anchor={(dragged ?? draft)!} size={size} scale={scale} label="+" title={t.review.comments.pin} active draft />}
      </div>
    </div>
  );
}

function Marker({
  anchor,
  size,
  scale,
  label,
  title,
  active,
  faded,
  draft,
  onClick,
  testId,
}: {
  anchor: Anchor;
  size: { width: number; height: number };
  scale: number;
  label: string;
  title: string;
  active?: boolean;
  faded?: boolean;
  draft?: boolean;
  onClick?: () => void;
  testId?: string;
}) {
  const at = { left: `${(anchor.x! / size.width) * 100}%`, top: `${(anchor.y! / size.height) * 100}%` };
  const badge = cn(
    'grid size-6 place-items-center rounded-full text-[11px] font-semibold tabular-nums shadow-[0_1px_4px_rgba(0,0,0,0.45)] ring-2 ring-white',
    draft ? 'bg-white text-ink' : active ? 'bg-accent text-accent-fg' : 'bg-ink text-canvas',
    faded && 'opacity-50',
  );
  const data = testId ? { 'data-testid': 'pin', 'data-thread': testId, 'data-x': anchor.x, 'data-y': anchor.y } : {};
  const Badge = onClick ? 'button' : 'span';
  return (
    <>
      {anchor.w !== undefined && (
        <span
          className={cn(
            'pointer-events-none absolute rounded-[3px] border-white shadow-[0_0_0_1px_rgba(0,0,0,0.4)]',
            active ? 'bg-accent/15' : 'bg-white/5',
            faded && 'opacity-50',
          )}
          style={{ ...at, width: `${(anchor.w / size.width) * 100}%`, height: `${(anchor.h! / size.height) * 100}%`, borderWidth: 2 / scale }}
        />
      )}
      <Badge
        {...(onClick ? { type: 'button' as const, onClick } : {})}
        aria-label={title}
        title={title}
        className={cn('absolute pointer-events-auto', badge, onClick && 'focus-ring cursor-pointer')}
        // A point's badge sits on it; a box's on its corner. The outer zoom is undone, so a pin stays one size on screen.
        style={{ ...at, transform: `translate(-50%, -50%) scale(${1 / scale})` }}
        {...data}
      >
        {label}
      </Badge>
    </>
  );
}
