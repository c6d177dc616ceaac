'use client';

import type { ReactNode } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { ConfirmAction } from './confirm-dialog';
import { cn } from './ui/cn';

/**
 * A small button that takes something away (revokes a link or a key, deletes a result or a
 * collection), red on hover, asking first: the action runs, a toast says it is done, then `then`.
 */
export function ConfirmRemoval<T>({
  words,
  action,
  then,
  icon,
  variant = 'ghost',
  className,
}: {
  /** The button, the dialog's title and lead, and the toast afterwards. */
  words: { label: string; title: string; lead: string; done: string };
  action: () => Promise<ActionResult<T>>;
  then?: (data: T) => void;
  /** Shown before the label. */
  icon?: ReactNode;
  variant?: 'ghost' | 'secondary';
  className?: string;
}) {
  return (
    <ConfirmAction
      variant={variant}
      size="sm"
      className={cn('hover:text-danger', className)}
      title={words.title}
      description={words.lead}
      confirmLabel={words.label}
      action={action}
      done={words.done}
      then={then}
    >
      {icon}
      {words.label}
    </ConfirmAction>
  );
}
