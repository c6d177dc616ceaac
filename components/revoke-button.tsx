'use client';

import type { ActionResult } from '@/lib/auth/action';
import { ConfirmAction } from './confirm-dialog';

/** "Revoke" after a confirmation, for links and keys: the action runs, a toast says it is done. */
export function RevokeButton({
  words,
  revoke,
}: {
  /** The button, the dialog's title and lead, and the toast afterwards. */
  words: { label: string; title: string; lead: string; done: string };
  revoke: () => Promise<ActionResult<null>>;
}) {
  return (
    <ConfirmAction
      variant="ghost"
      size="sm"
      className="hover:text-danger"
      title={words.title}
      description={words.lead}
      confirmLabel={words.label}
      action={revoke}
      done={words.done}
    >
      {words.label}
    </ConfirmAction>
  );
}
