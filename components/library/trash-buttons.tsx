'use client';

import { RotateCcw, Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { Button } from '../ui/button';
import { ConfirmAction } from '../confirm-dialog';

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
    <ConfirmAction
      variant="secondary"
      size="sm"
      className="hover:text-danger"
      title={tr.deleteTitle}
      description={tr.deleteLead}
      confirmLabel={tr.delete}
      action={() => remove({ ids: [id] })}
      done={tr.deleted}
      then={() => router.push(after)}
    >
      <Trash2 />
      {tr.delete}
    </ConfirmAction>
  );
}
