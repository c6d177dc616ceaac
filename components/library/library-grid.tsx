'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import type { CollectionSummary } from '@/lib/library/view';
import { BulkActions, type TrashAction } from './bulk-actions';
import type { Collect } from './collections';
import type { Page } from './library-cache';
import { LibraryEnd } from './library-end';
import { LibraryTile } from './library-tile';
import { SelectionBar } from './selection-bar';
import { useLibraryPages } from './use-library-pages';
import { useSelection } from './use-selection';

interface GridProps {
  initial: Page;
  filters: string;
  paged: boolean;
  remove: TrashAction;
  /** In the trash: the bulk action takes results back out instead. */
  restore?: TrashAction;
  collections: CollectionSummary[];
  collect: Collect;
  /** Viewing one collection: its results can be taken out of it. */
  uncollect?: Collect;
  collection?: string;
}

/**
 * The team's results as one grid: older pages load as the end scrolls into view (or by the link,
 * which also works without script), and new results are polled for and merged in at the top.
 */
export function LibraryGrid(props: GridProps) {
  // A page further down starts after its cursor: another one is another grid, not a merge into this one.
  const before = useSearchParams().get('before');
  const start = props.paged ? before : null;
  return <ResultsGrid key={start ?? ''} {...props} start={start} />;
}

function ResultsGrid({ initial, filters, paged, start, remove, restore, collections, collect, uncollect, collection }: GridProps & { start: string | null }) {
  const router = useRouter();
  const { items, next, loading, failed, loadOlder, remove: removeShown } = useLibraryPages({ initial, filters, start });
  const selection = useSelection(items);

  const onRemoved = (ids: string[] | 'matching') => {
    // Every match gone (at most one bulk's worth): the page shows what is left.
    if (ids === 'matching') router.refresh();
    void removeShown(ids);
    selection.stop();
  };

  return (
    <div className="grid gap-4">
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
            />
          </li>
        ))}
      </ul>
      <LibraryEnd filters={filters} next={next} loading={loading} failed={failed} paged={paged} onOlder={loadOlder} />
    </div>
  );
}
