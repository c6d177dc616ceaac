'use client';

import { SearchX, Tags, Trash2 } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import type { CollectionSummary, TagSummary } from '@/lib/library/view';
import { EmptyState } from '../empty/empty-state';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import type { TrashAction } from './bulk-actions';
import { CollectionsBar, type Collect } from './collections';
import type { Page } from './library-cache';
import { LibraryFilters } from './library-filters';
import { LibraryGrid } from './library-grid';
import type { TagAdmin } from './tag-manager';
import type { TagResults } from './tag-picker';
import { useLibraryPages } from './use-library-pages';
import { useLiveFilters, type FilterValues } from './use-live-filters';

// Loaded when an owner first opens it: members never fetch it.
const TagManagerDialog = dynamic(() => import('./tag-manager').then((m) => m.TagManagerDialog), { ssr: false });

export interface LibraryActions {
  remove: TrashAction;
  restore: TrashAction;
  collect: Collect;
  uncollect: Collect;
  newCollection: (input: { name: string }) => Promise<ActionResult<{ id: string }>>;
  removeCollection: (input: { id: string }) => Promise<ActionResult<null>>;
  tag: TagResults;
  /** Owners and admins: rename and merge tags. */
  tagAdmin?: TagAdmin;
}

/**
 * The library as one live view: its filters (applied as one types, the address kept in step), the
 * collections bar (a collection is a filter too, and a place to drop results), how many match, and
 * the grid. The server rendered the first page for the address it was opened at; every other set of
 * filters is asked of /api/library through the query cache, never by reloading the page.
 */
export function LibraryView({
  initial,
  initialValues,
  models,
  members,
  collections,
  tags,
  timeZone,
  showFilters,
  actions,
}: {
  initial: Page;
  initialValues: FilterValues;
  models: string[];
  members: { userId: string; name: string }[];
  collections: CollectionSummary[];
  tags: TagSummary[];
  timeZone: string;
  showFilters: boolean;
  actions: LibraryActions;
}) {
  const { t } = useI18n();
  const l = t.library;
  const live = useLiveFilters(initialValues);
  const { values, applied } = live;
  const trash = values.trash === '1';

  // A page further down (?before=): the address loses it when the filters change, which start at the newest.
  const start = useSearchParams().get('before');
  const [firstQuery] = useState(applied);
  const pages = useLibraryPages({ initial: applied === firstQuery ? initial : undefined, filters: applied, start });
  const [managing, setManaging] = useState(false);

  const chosen = Object.entries(values).some(([name, value]) => name !== 'trash' && value !== '');
  const empty =
    trash && !chosen ? (
      <EmptyState icon={<Trash2 />} title={l.trash.empty} description={l.trash.lead} />
    ) : (
      <EmptyState icon={<SearchX />} title={l.noMatchTitle} description={l.noMatch} />
    );

  return (
    <>
      {!trash && (
        <CollectionsBar
          collections={collections}
          current={values.collection || null}
          create={actions.newCollection}
          remove={actions.removeCollection}
          onPick={(id) => live.change('collection', id ?? '')}
          collect={actions.collect}
        />
      )}
      {!trash && collections.length > 0 && <p className="-mt-2 mb-4 hidden text-xs text-ink-subtle sm:block">{l.collections.dropHint}</p>}
      {showFilters && (
        <LibraryFilters
          values={values}
          change={live.change}
          submit={live.submit}
          clear={() => live.clear(['trash'])}
          models={models}
          members={members}
          collections={collections}
          tags={tags}
          timeZone={timeZone}
          count={pages.count}
          busy={pages.busy}
          tools={
            actions.tagAdmin &&
            !trash && (
              <Button type="button" variant="ghost" size="sm" onClick={() => setManaging(true)}>
                <Tags />
                {l.tags.manage}
              </Button>
            )
          }
        />
      )}
      <LibraryGrid
        pages={pages}
        filters={applied}
        start={start}
        remove={actions.remove}
        restore={trash ? actions.restore : undefined}
        collections={collections}
        collect={actions.collect}
        uncollect={values.collection ? actions.uncollect : undefined}
        collection={values.collection || undefined}
        tags={tags}
        tag={actions.tag}
        empty={empty}
      />
      {managing && actions.tagAdmin && <TagManagerDialog tags={tags} admin={actions.tagAdmin} onClose={() => setManaging(false)} />}
    </>
  );
}
