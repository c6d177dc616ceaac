'use client';

import { FolderPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { format } from '@/lib/i18n';
import type { CollectionSummary } from '@/lib/library/view';
import { useI18n } from '../i18n-provider';
import { Dialog } from '../ui/dialog';

/**
 * The keyboard's way to a collection (drag is the pointer's): C on a result opens this list, ↑/↓ move
 * between the collections, Enter adds, Escape closes.
 */
export function CollectDialog({
  open,
  count,
  collections,
  onPick,
  onClose,
}: {
  open: boolean;
  count: number;
  collections: CollectionSummary[];
  onPick: (collection: CollectionSummary) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const c = t.library.collections;
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (open) list.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [open]);
  const move = (event: React.KeyboardEvent) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[(at + step + buttons.length) % buttons.length]?.focus();
  };
  return (
    <Dialog open={open} onClose={onClose} title={format(c.pickTitle, { n: count })} closeLabel={t.library.tags.close}>
      <ul ref={list} aria-label={c.label} className="grid max-h-80 gap-1 overflow-y-auto" onKeyDown={move}>
        {collections.map((collection) => (
          <li key={collection.id}>
            <button
              type="button"
              onClick={() => onPick(collection)}
              className="focus-ring flex w-full items-center gap-2 rounded-control px-3 py-2 text-left text-sm text-ink hover:bg-subtle focus-visible:bg-subtle"
            >
              <FolderPlus className="size-4 text-ink-subtle" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{collection.name}</span>
              <span className="text-xs text-ink-subtle tabular-nums">{collection.count}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
