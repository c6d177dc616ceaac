'use client';

import { RotateCcw } from 'lucide-react';
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
    <div className="flex items-center justify-between gap-2 border-t border-line px-3 py-2">
      <span data-testid="days-left" className={left < 3 ? 'text-xs font-medium text-warning' : 'text-xs text-ink-muted'}>
        {left === 0 ? tr.lessThanDay : format(tr.daysLeft, { n: left })}
      </span>
      <Button
        variant="ghost"
        size="sm"
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
        {!pending && <RotateCcw />}
        {tr.restore}
      </Button>
    </div>
  );
}
