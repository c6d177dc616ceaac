'use client';

import type { ActionResult } from '@/lib/auth/action';
import { ConfirmButton } from './confirm-dialog';
import { useAction } from './use-action';

/** "Revoke" after a confirmation, for links and keys: the action runs, a toast says it is done. */
export function RevokeButton({
  words,
  revoke,
}: {
  /** The button, the dialog's title and lead, and the toast afterwards. */
  words: { label: string; title: string; lead: string; done: string };
  revoke: () => Promise<ActionResult<null>>;
}) {
  const { run, pending, toast } = useAction();
  return (
    <ConfirmButton
      variant="ghost"
      size="sm"
      className="hover:text-danger"
      title={words.title}
      description={words.lead}
      confirmLabel={words.label}
      pending={pending}
      onConfirm={(close) => run(revoke, () => toast(words.done), close)}
    >
      {words.label}
    </ConfirmButton>
  );
}
