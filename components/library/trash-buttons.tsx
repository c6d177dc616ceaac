'use client';

import { RotateCcw, Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { Button } from '../ui/button';
import { ConfirmRemoval } from '../confirm-removal';

type TrashAction = (input: { ids: string[] }) => Promise<ActionResult<{ count: number }>>;

/** Delete (after a confirmation) moves a result to the trash and goes back to `after`; Restore takes it out. */
export function TrashButton({
  id,
  inTrash,
  after,
  remove,
  restore,
}: {
  id: string;
  inTrash: boolean;
  after: string;
  remove: TrashAction;
  restore: TrashAction;
}) {
  const { t } = useI18n();
  const tr = t.library.trash;
  const router = useRouter();
  const { run, pending, toast } = useAction();

  if (inTrash) {
    return (
      <Button
        variant="secondary"
        size="sm"
        pending={pending}
        onClick={() =>
          run(
            () => restore({ ids: [id] }),
            () => (toast(tr.restored), router.refresh()),
          )
        }
      >
        {!pending && <RotateCcw />}
        {tr.restore}
      </Button>
    );
  }
  return (
    <ConfirmRemoval
      variant="secondary"
      icon={<Trash2 />}
      words={{ label: tr.delete, title: tr.deleteTitle, lead: tr.deleteLead, done: tr.deleted }}
      action={() => remove({ ids: [id] })}
      then={() => router.push(after)}
    />
  );
}
