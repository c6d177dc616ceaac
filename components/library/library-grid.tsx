'use client';

import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { format } from '@/lib/i18n';
import type { CollectionSummary, TagSummary } from '@/lib/library/view';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { BulkActions, type TrashAction } from './bulk-actions';
import { CollectDialog } from './collect-dialog';
import type { Collect } from './collections';
import { LibraryEnd } from './library-end';
import { LibraryTile } from './library-tile';
import { dragResults } from './result-drag';
import { SelectionBar } from './selection-bar';
import type { TagResults } from './tag-picker';
import { TrashCardFooter } from './trash-card';
import type { LibraryPages } from './use-library-pages';
import { useSelection } from './use-selection';

export interface GridProps {
  /** The view's results (useLibraryPages: the view asks, it also says how many match). */
  pages: LibraryPages;
  filters: string;
  /** A page further down: the cursor it starts after. */
  start: string | null;
  remove: TrashAction;
  /** In the trash: the bulk action takes results back out instead, and each card has its own Restore. */
  restore?: TrashAction;
  collections: CollectionSummary[];
  collect: Collect;
  /** Viewing one collection: its results can be taken out of it. */
  uncollect?: Collect;
  collection?: string;
  tags: TagSummary[];
  tag: TagResults;
  /** What to show when nothing matches. */
  empty: ReactNode;
}

/**
 * The team's results as one grid: older pages load as the end scrolls into view (or by the link,
 * which also works without script), and new results are polled for and merged in at the top.
 * Results are dragged onto a collection, or C on one opens the list of collections.
 */
export function LibraryGrid({ pages, filters, start, remove, restore, collections, collect, uncollect, collection, tags, tag, empty }: GridProps) {
  const router = useRouter();
  const { t } = useI18n();
  const { run, toast } = useAction();
  const { items, busy, next, loading, failed, loadOlder, remove: removeShown } = pages;
  const selection = useSelection(items);
  const [collecting, setCollecting] = useState<string[] | null>(null);

  const onRemoved = (ids: string[] | 'matching') => {
    // Every match gone (at most one bulk's worth): the page shows what is left.
    if (ids === 'matching') router.refresh();
    void removeShown(ids);
    selection.stop();
  };
  /** What a drag or C takes: the selection when the result is in it, else the result alone. */
  const taken = (id: string) => (selection.selecting && selection.selected.has(id) ? [...selection.selected] : [id]);
  const addTo = (target: CollectionSummary, ids: string[]) =>
    run(
      () => collect({ collectionId: target.id, ids }),
      () => {
        toast(format(t.library.collections.added, { name: target.name }));
        router.refresh();
      },
    );

  if (items.length === 0 && !busy) return <>{empty}</>;
  return (
    <div className="grid gap-4" aria-busy={busy}>
      <SelectionBar selection={selection} shown={items.length} filters={filters}>
        <BulkActions
          selected={[...selection.selected]}
          matching={selection.matching}
          filters={filters}
          remove={remove}
          restore={restore}
          collections={collections}
          collect={collect}
          uncollect={uncollect && collection ? (chosen) => uncollect({ collectionId: collection, ...chosen }) : undefined}
          tags={tags}
          tag={tag}
          onRemoved={onRemoved}
        />
      </SelectionBar>
      <ul data-testid="library-grid" className="grid grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] gap-3 sm:gap-4">
        {items.map((item, i) => (
          <li key={item.id}>
            <LibraryTile
              item={item}
              href={filters ? `/library/${item.id}?${filters}` : `/library/${item.id}`}
              eager={i < 12}
              selecting={selection.selecting}
              selected={selection.matching || selection.selected.has(item.id)}
              onSelect={(range) => selection.toggle(i, range)}
              onDragStart={restore || collections.length === 0 ? undefined : (event) => dragResults(event, taken(item.id))}
              onCollectKey={restore || collections.length === 0 ? undefined : () => setCollecting(taken(item.id))}
              footer={
                restore && item.deletedAt ? (
                  <TrashCardFooter id={item.id} deletedAt={item.deletedAt} restore={restore} onRestored={() => void removeShown([item.id])} />
                ) : undefined
              }
            />
          </li>
        ))}
      </ul>
      <LibraryEnd filters={filters} next={next} loading={loading} failed={failed} paged={start !== null} onOlder={loadOlder} />
      <CollectDialog
        open={collecting !== null}
        count={collecting?.length ?? 0}
        collections={collections}
        onClose={() => setCollecting(null)}
        onPick={(target) => {
          addTo(target, collecting ?? []);
          setCollecting(null);
        }}
      />
    </div>
  );
}
