'use client';

import { Download, RotateCcw, Trash2 } from 'lucide-react';
import type { ActionResult } from '@/lib/auth/action';
import { format } from '@/lib/i18n';
import type { CollectionSummary, Selection, TagSummary } from '@/lib/library/view';
import { ConfirmButton } from '../confirm-dialog';
import { useI18n } from '../i18n-provider';
import { Button, buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { useAction } from '../use-action';
import { CollectPicker, type Collect } from './collections';
import { withFilters } from './library-cache';
import { TagPicker, type TagResults } from './tag-picker';

export type TrashAction = (input: Selection) => Promise<ActionResult<{ count: number }>>;

/**
 * What a selection can be given to: a collection, a tag, one ZIP download (with manifest.json), the trash
 * (or, in the trash, restore); viewing a collection, it can be taken out of it. `onRemoved` hears
 * which results left the view ('matching': every one the filters match).
 */
export function BulkActions({
  selected,
  matching,
  filters,
  remove,
  restore,
  collections,
  collect,
  uncollect,
  tags,
  tag,
  onRemoved,
}: {
  selected: string[];
  matching: boolean;
  filters: string;
  remove: TrashAction;
  /** In the trash: the results are taken back out instead. */
  restore?: TrashAction;
  collections: CollectionSummary[];
  collect: Collect;
  uncollect?: TrashAction;
  tags: TagSummary[];
  tag: TagResults;
  onRemoved: (ids: string[] | 'matching') => void;
}) {
  const { t } = useI18n();
  const b = t.library.bulk;
  const { run, pending, toast } = useAction();
  const selection: Selection = matching ? { filters } : { ids: selected };
  const gone = matching ? ('matching' as const) : selected;
  const none = !matching && selected.length === 0;
  const zip = matching ? `/api/library/zip?${withFilters(filters, 'all', '1')}` : `/api/library/zip?ids=${selected.join(',')}`;
  return (
    <>
      {!restore && <CollectPicker selection={selection} disabled={none} collections={collections} collect={collect} />}
      {!restore && <TagPicker selection={selection} disabled={none} tags={tags} tag={tag} />}
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
      <a href={none ? undefined : zip} download aria-disabled={none} className={cn(buttonClass('secondary', 'sm'), none && 'pointer-events-none opacity-50')}>
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
    </>
  );
}
