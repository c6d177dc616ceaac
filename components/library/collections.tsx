'use client';

import { FolderPlus, Plus } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { format } from '@/lib/i18n';
import type { CollectionSummary, Selection } from '@/lib/library/view';
import { ConfirmRemoval } from '../confirm-removal';
import { ShareButton } from '../share/share-button';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { Button, buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { Select } from '../ui/input';
import { carriesResults, droppedResults } from './result-drag';

/** Puts a selection in a collection (the library page's action). */
export type Collect = (input: { collectionId: string } & Selection) => Promise<ActionResult<{ count: number }>>;

/** "Add to collection": a choice of the team's collections and a button, for one result or a selection. */
export function CollectPicker({
  selection,
  disabled = false,
  collections,
  collect,
  onDone,
  stacked = false,
}: {
  selection: Selection;
  disabled?: boolean;
  collections: CollectionSummary[];
  collect: Collect;
  onDone?: () => void;
  /** The choice on a line of its own, the whole width (a narrow column): a collection's name is not cut off beside the button. */
  stacked?: boolean;
}) {
  const { t } = useI18n();
  const c = t.library.collections;
  const router = useRouter();
  const { run, pending, toast } = useAction();
  const [chosen, setChosen] = useState(collections[0]?.id ?? '');
  if (collections.length === 0) return null;
  const name = collections.find((x) => x.id === chosen)?.name ?? '';
  return (
    <span className={stacked ? 'grid justify-items-start gap-2' : 'flex items-center gap-1.5'}>
      <Select
        className={stacked ? 'w-full' : undefined}
        title={name}
        aria-label={c.choose}
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        options={collections.map((x) => ({ value: x.id, label: x.name }))}
      />
      <Button
        variant="secondary"
        size="sm"
        pending={pending}
        disabled={disabled || !chosen}
        onClick={() =>
          run(
            () => collect({ collectionId: chosen, ...selection }),
            () => {
              toast(format(c.added, { name }));
              router.refresh();
              onDone?.();
            },
          )
        }
      >
        {!pending && <FolderPlus />}
        {c.add}
      </Button>
    </span>
  );
}

/**
 * The team's collections as links (each a filter of the library: `onPick` applies it in place), a way
 * to make one, and to delete the one shown. Results dragged from the grid drop onto a collection.
 */
export function CollectionsBar({
  collections,
  current,
  create,
  remove,
  onPick,
  collect,
}: {
  collections: CollectionSummary[];
  current: string | null;
  create: (input: { name: string }) => Promise<ActionResult<{ id: string }>>;
  remove: (input: { id: string }) => Promise<ActionResult<null>>;
  onPick?: (id: string | null) => void;
  collect?: Collect;
}) {
  const { t } = useI18n();
  const c = t.library.collections;
  const router = useRouter();
  const { run, pending, toast } = useAction();
  const [name, setName] = useState('');
  const [over, setOver] = useState<string | null>(null);
  const shown = collections.find((x) => x.id === current);
  const drop = (event: React.DragEvent, target: CollectionSummary) => {
    event.preventDefault();
    setOver(null);
    const ids = droppedResults(event);
    if (!collect || ids.length === 0) return;
    run(
      () => collect({ collectionId: target.id, ids }),
      () => {
        toast(format(c.added, { name: target.name }));
        router.refresh();
      },
    );
  };
  return (
    <nav aria-label={c.label} className="mb-4 flex flex-wrap items-center gap-2">
      {collections.map((x) => (
        <Link
          key={x.id}
          href={x.id === current ? '/library' : `/library?collection=${x.id}`}
          aria-current={x.id === current ? 'page' : undefined}
          data-testid="collection-chip"
          title={over === x.id ? format(c.dropTarget, { name: x.name }) : undefined}
          onClick={(event) => {
            if (!onPick || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onPick(x.id === current ? null : x.id);
          }}
          onDragOver={(event) => {
            if (!collect || !carriesResults(event)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
            setOver(x.id);
          }}
          onDragLeave={() => setOver((o) => (o === x.id ? null : o))}
          onDrop={(event) => drop(event, x)}
          className={cn(
            'focus-ring inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-[13px] font-medium ring-1 ring-inset transition-shadow',
            x.id === current ? 'bg-accent text-accent-fg ring-accent' : 'bg-surface text-ink-muted ring-line hover:text-ink',
            over === x.id && 'ring-2 ring-accent ring-offset-2 ring-offset-canvas',
          )}
        >
          {x.name}
          <span className={cn('tabular-nums', x.id === current ? 'text-accent-fg/80' : 'text-ink-subtle')}>{x.count}</span>
        </Link>
      ))}
      <form
        className="flex items-center gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          run(
            () => create({ name }),
            ({ id }) => {
              toast(c.created);
              setName('');
              router.push(`/library?collection=${id}`);
            },
          );
        }}
      >
        <input
          aria-label={c.name}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          placeholder={c.namePlaceholder}
          className="focus-ring h-8 w-44 rounded-full border border-line-strong bg-surface px-3 text-[13px] text-ink"
        />
        <button type="submit" disabled={!name.trim() || pending} className={buttonClass('ghost', 'sm')}>
          <Plus />
          {c.new}
        </button>
      </form>
      {shown && shown.count > 0 && (
        <span className="ml-auto">
          <ShareButton target={{ collectionId: shown.id }} label={c.share} />
        </span>
      )}
      {shown && (
        <ConfirmRemoval
          words={{ label: c.delete, title: format(c.deleteTitle, { name: shown.name }), lead: c.deleteLead, done: c.deleted }}
          action={() => remove({ id: shown.id })}
          then={() => router.push('/library')}
          className={shown.count === 0 ? 'ml-auto' : undefined}
        />
      )}
    </nav>
  );
}
