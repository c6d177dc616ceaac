'use client';

import { format } from '@/lib/i18n';
import { trashDaysLeft } from '@/lib/library/trash-days';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { Button } from '../ui/button';
import type { TrashAction } from './bulk-actions';

/** Under a result in the trash: how long it stays there, and its own Restore. */
export function TrashCardFooter({ id, deletedAt, restore, onRestored }: { id: string; deletedAt: string; restore: TrashAction; onRestored: () => void }) {
  const { t } = useI18n();
  const tr = t.library.trash;
  const { run, pending, toast } = useAction();
  const left = trashDaysLeft(deletedAt);
  return (
    <div className="flex items-center justify-between gap-1 border-t border-line py-1.5 pr-1.5 pl-3">
      <span data-testid="days-left" className={left < 3 ? 'text-xs font-medium whitespace-nowrap text-warning' : 'text-xs whitespace-nowrap text-ink-muted'}>
        {left === 0 ? tr.lessThanDay : format(tr.daysLeft, { n: left })}
      </span>
      <Button
        variant="ghost"
        size="sm"
        className="px-2"
        pending={pending}
        onClick={() =>
          run(
            () => restore({ ids: [id] }),
            () => {
              toast(tr.restored);
              onRestored();
            },
          )
        }
      >
        {tr.restore}
      </Button>
    </div>
  );
}
