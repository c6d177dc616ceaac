'use client';

import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { GalleryViewer, type GalleryItem } from './gallery-viewer';

export type { GalleryItem } from './gallery-viewer';

/**
 * A shared page's pictures as a gallery: the page draws its own grid on the server, each tile a link
 * to the full file marked `data-gallery="<index>"`; a plain click opens that item in the full-screen
 * viewer instead (a click with a modifier, or no script, still opens the file). Focus goes back to
 * the tile when the viewer closes.
 */
export function Gallery({ items, children }: { items: GalleryItem[]; children: ReactNode }) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const tile = (e.target as HTMLElement).closest<HTMLElement>('[data-gallery]');
    const index = Number(tile?.dataset.gallery);
    if (!tile || !Number.isInteger(index) || !items[index]) return;
    e.preventDefault();
    opener.current = tile;
    setOpen(index);
  };
  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };

  return (
    <div onClick={onClick} className="contents">
      {children}
      {open !== null && <GalleryViewer items={items} start={open} onClose={close} />}
    </div>
  );
}
