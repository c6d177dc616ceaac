'use client';

import { useQuery } from '@tanstack/react-query';
import { Check, CheckCheck, Clapperboard, Download, ImageOff, LayoutGrid, Play, RotateCcw, Star, Trash2, WandSparkles, X } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { format } from '@/lib/i18n';
import type { ActionResult } from '@/lib/auth/action';
import { libraryOrder, type CollectionSummary, type LibraryItem, type Selection } from '@/lib/library/view';
import { useI18n } from '../i18n-provider';
import { getJson } from '../server-state';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { Button } from '../ui/button';
import { useAction } from '../use-action';
import { ConfirmButton } from '../confirm-dialog';
import { CollectPicker } from './collections';

type TrashAction = (input: Selection) => Promise<ActionResult<{ count: number }>>;
type Collect = (input: { collectionId: string } & Selection) => Promise<ActionResult<{ count: number }>>;

interface Page {
  items: LibraryItem[];
  next: string | null;
}

/** New results made anywhere in the team show up within this (the poll asks the database, so any replica will do). */
const POLL_MS = 5_000;

const KIND_ICONS = { edit: WandSparkles, comparison: LayoutGrid, video: Clapperboard } as const;

/** The filters' query string with one more parameter. */
function withFilters(filters: string, key: string, value: string): string {
  const query = new URLSearchParams(filters);
  query.set(key, value);
  return query.toString();
}

/** Adds or refreshes items by id, keeping the library's order. */
function merge(current: LibraryItem[], incoming: LibraryItem[]): LibraryItem[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((item) => [item.id, item]));
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort(libraryOrder);
}

/**
 * The team's results as one grid: older pages load as the end scrolls into view (or by the link,
 * which also works without script), and new results are polled for and merged in at the top.
 */
export function LibraryGrid({
  initial,
  filters,
  paged,
  remove,
  restore,
  collections,
  collect,
  uncollect,
  collection,
}: {
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
}) {
  const { t } = useI18n();
  const l = t.library;
  const [items, setItems] = useState(initial.items);
  const [next, setNext] = useState(initial.next);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const end = useRef<HTMLAnchorElement>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  /** Every result the filters match, loaded or not (bulk actions then send the filters, not ids). */
  const [matching, setMatching] = useState(false);
  const router = useRouter();

  const select = (index: number, range: boolean) => {
    const id = items[index].id;
    setMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (range && anchor !== null) for (let i = Math.min(anchor, index); i <= Math.max(anchor, index); i++) next.add(items[i].id);
      else if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    setAnchor(index);
  };
  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
    setAnchor(null);
    setMatching(false);
  };

  // The newest time shown: the poll asks for what came after it (the server looks a little further
  // back, for results whose transaction committed late) and merges the answer in by id.
  const newest = items[0]?.createdAt ?? new Date(0).toISOString();
  useQuery({
    queryKey: ['library', 'news', filters, newest],
    queryFn: async ({ signal }) => {
      const page = await getJson<Page>(`/api/library?${withFilters(filters, 'since', newest)}`, { signal });
      setItems((current) => merge(current, page.items));
      return page.items.length;
    },
    staleTime: POLL_MS,
    // A page further down (?before=) is a fixed window: nothing new arrives above it.
    enabled: !paged,
    refetchInterval: POLL_MS,
  });

  const loadOlder = useCallback(async () => {
    if (!next || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await getJson<Page>(`/api/library?${withFilters(filters, 'before', next)}`);
      setItems((current) => merge(current, page.items));
      setNext(page.next);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [next, loading, filters]);

  // Infinite scroll: the next page is asked for as the end of the grid comes within a screen of view.
  useEffect(() => {
    const target = end.current;
    if (!target || failed) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadOlder(), { rootMargin: '100% 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [loadOlder, failed]);

  return (
    <div className="grid gap-4">
      <BulkBar
        selecting={selecting}
        selected={[...selected]}
        matching={matching}
        shown={items.length}
        filters={filters}
        onStart={() => setSelecting(true)}
        onAll={() => {
          setMatching(false);
          setSelected(new Set(items.map((i) => i.id)));
        }}
        onMatching={() => {
          setMatching(true);
          setSelected(new Set(items.map((i) => i.id)));
        }}
        onStop={stopSelecting}
        remove={remove}
        restore={restore}
        collections={collections}
        collect={collect}
        uncollect={uncollect && collection ? (selection) => uncollect({ collectionId: collection, ...selection }) : undefined}
        onRemoved={(ids) => {
          // Every match gone (at most one bulk's worth): the page shows what is left.
          if (ids === 'matching') router.refresh();
          setItems((current) => (ids === 'matching' ? [] : current.filter((i) => !ids.includes(i.id))));
          setNext((current) => (ids === 'matching' ? null : current));
          stopSelecting();
        }}
      />
      <ul data-testid="library-grid" className="grid grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] gap-3 sm:gap-4">
        {items.map((item, i) => (
          <li key={item.id}>
            <LibraryTile
              item={item}
              href={filters ? `/library/${item.id}?${filters}` : `/library/${item.id}`}
              eager={i < 12}
              selecting={selecting}
              selected={matching || selected.has(item.id)}
              onSelect={(range) => select(i, range)}
            />
          </li>
        ))}
      </ul>
      <div className="flex min-h-10 flex-col items-center justify-center gap-2 text-sm text-ink-muted" aria-live="polite">
        {next ? (
          failed ? (
            <>
              <span>{l.loadFailed}</span>
              <button type="button" onClick={() => void loadOlder()} className={buttonClass('secondary', 'sm')}>
                {l.retry}
              </button>
            </>
          ) : (
            <a
              ref={end}
              href={`/library?${withFilters(filters, 'before', next)}`}
              onClick={(event) => {
                event.preventDefault();
                void loadOlder();
              }}
              className={buttonClass('ghost', 'sm')}
            >
              {loading ? (
                <>
                  <Spinner />
                  {l.loading}
                </>
              ) : (
                l.older
              )}
            </a>
          )
        ) : (
          <span>{filters ? l.endFiltered : l.end}</span>
        )}
        {paged && (
          <Link href={filters ? `/library?${filters}` : '/library'} className={buttonClass('secondary', 'sm')}>
            {l.newest}
          </Link>
        )}
      </div>
    </div>
  );
}

/** One result: its preview, what it is, and who made it; opens its detail view. */
function LibraryTile({
  item,
  href,
  eager,
  selecting,
  selected,
  onSelect,
}: {
  item: LibraryItem;
  href: string;
  eager: boolean;
  selecting: boolean;
  selected: boolean;
  onSelect: (range: boolean) => void;
}) {
  const { t } = useI18n();
  const l = t.library;
  const Icon = KIND_ICONS[item.kind];
  const kind = l.kinds[item.kind];
  return (
    <Link
      href={href}
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
      className={cn(
        'group focus-ring relative block overflow-hidden rounded-card bg-surface shadow-card transition-shadow hover:shadow-pop',
        selected && 'ring-2 ring-accent ring-offset-2 ring-offset-canvas',
      )}
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
        <p className="truncate text-xs text-ink-subtle">
          {item.model} · {item.apiKey ? format(l.viaKey, { name: item.author, key: item.apiKey }) : item.author}
        </p>
      </div>
    </Link>
  );
}

/**
 * Select mode and what it does with the selection: download one ZIP (with manifest.json), add to a
 * collection, move to the trash (or, in the trash, restore); or download every result the filters
 * match. Selecting is click, shift-click for a range, every result shown, or every one that matches.
 */
function BulkBar({
  selecting,
  selected,
  matching,
  shown,
  filters,
  onStart,
  onAll,
  onMatching,
  onStop,
  remove,
  restore,
  collections,
  collect,
  uncollect,
  onRemoved,
}: {
  selecting: boolean;
  selected: string[];
  matching: boolean;
  shown: number;
  filters: string;
  onStart: () => void;
  onAll: () => void;
  onMatching: () => void;
  onStop: () => void;
  remove: TrashAction;
  restore?: TrashAction;
  collections: CollectionSummary[];
  collect: Collect;
  uncollect?: TrashAction;
  onRemoved: (ids: string[] | 'matching') => void;
}) {
  const { t } = useI18n();
  const b = t.library.bulk;
  const { run, pending, toast } = useAction();
  const all = withFilters(filters, 'all', '1');
  const selection: Selection = matching ? { filters } : { ids: selected };
  const gone = matching ? ('matching' as const) : selected;
  if (!selecting) {
    return (
      <div className="flex flex-wrap justify-end gap-2">
        <a href={`/api/library/zip?${all}`} download className={buttonClass('ghost', 'sm')}>
          <Download />
          {b.downloadAll}
        </a>
        <Button variant="secondary" size="sm" onClick={onStart}>
          <Check />
          {b.select}
        </Button>
      </div>
    );
  }
  const none = !matching && selected.length === 0;
  return (
    <div
      role="toolbar"
      aria-label={b.label}
      className="sticky top-2 z-20 flex flex-wrap items-center gap-2 rounded-card bg-surface/95 px-3 py-2 shadow-pop backdrop-blur"
    >
      <span data-testid="selected-count" className="px-1 text-sm font-medium text-ink">
        {matching ? b.allMatching : format(b.count, { n: selected.length })}
      </span>
      <Button variant="ghost" size="sm" onClick={onAll} disabled={!matching && selected.length === shown}>
        {format(b.selectShown, { n: shown })}
      </Button>
      <Button variant="ghost" size="sm" onClick={onMatching} disabled={matching} data-testid="select-matching">
        <CheckCheck />
        {b.selectMatching}
      </Button>
      <span className="ml-auto flex flex-wrap gap-2">
        {!restore && <CollectPicker selection={selection} disabled={none} collections={collections} collect={collect} />}
        {uncollect && (
          <Button
            variant="secondary"
            size="sm"
            disabled={none}
            onClick={() =>
              run(
                () => uncollect(selection),
                () => {
                  toast(t.library.collections.removed);
                  onRemoved(gone);
                },
              )
            }
          >
            {t.library.collections.remove}
          </Button>
        )}
        <a
          href={none ? undefined : matching ? `/api/library/zip?${all}` : `/api/library/zip?ids=${selected.join(',')}`}
          download
          aria-disabled={none}
          className={cn(buttonClass('secondary', 'sm'), none && 'pointer-events-none opacity-50')}
        >
          <Download />
          {b.download}
        </a>
        {restore ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={none}
            pending={pending}
            onClick={() =>
              run(
                () => restore(selection),
                ({ count }) => {
                  toast(format(b.restored, { n: count }));
                  onRemoved(gone);
                },
              )
            }
          >
            {!pending && <RotateCcw />}
            {b.restore}
          </Button>
        ) : (
          <ConfirmButton
            variant="secondary"
            size="sm"
            disabled={none}
            className="hover:text-danger"
            title={matching ? b.deleteMatchingTitle : format(b.deleteTitle, { n: selected.length })}
            description={t.library.trash.deleteLead}
            confirmLabel={b.delete}
            pending={pending}
            onConfirm={(close) =>
              run(
                () => remove(selection),
                ({ count }) => {
                  toast(format(b.deleted, { n: count }));
                  onRemoved(gone);
                },
                close,
              )
            }
          >
            <Trash2 />
            {b.delete}
          </ConfirmButton>
        )}
        <Button variant="ghost" size="sm" onClick={onStop} aria-label={b.done}>
          <X />
          {b.done}
        </Button>
      </span>
    </div>
  );
}
