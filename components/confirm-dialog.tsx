'use client';

import { useState, type ComponentProps, type ReactNode } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from './i18n-provider';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { useAction } from './use-action';

/**
 * A button for something that takes effect at once, asking first: it opens "Are you sure?" with
 * Cancel and the action in red. `onConfirm` gets `close` to call once the answer is in.
 */
export function ConfirmButton({
  children,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
  dialogClassName,
  ...button
}: Omit<ComponentProps<typeof Button>, 'onClick' | 'title'> & {
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  pending: boolean;
  onConfirm: (close: () => void) => void;
  dialogClassName?: string;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        closeLabel={t.common.close}
        title={title}
        description={description}
        className={dialogClassName}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {t.common.cancel}
            </Button>
            <Button variant="danger" pending={pending} onClick={() => onConfirm(close)}>
              {confirmLabel}
            </Button>
          </>
        }
      />
    </>
  );
}

/**
 * A ConfirmButton whose "yes" runs a server action: pending while it runs, a refusal as an error
 * toast, and on success the `done` toast, then `then` (a refresh, a new page).
 */
export function ConfirmAction<T>({
  action,
  done,
  then,
  ...button
}: Omit<ComponentProps<typeof ConfirmButton>, 'pending' | 'onConfirm'> & {
  action: () => Promise<ActionResult<T>>;
  done: string;
  then?: (data: T) => void;
}) {
  const { run, pending, toast } = useAction();
  return (
    <ConfirmButton
      {...button}
      pending={pending}
      onConfirm={(close) =>
        run(
          action,
          (data) => {
            toast(done);
            then?.(data);
          },
          close,
        )
      }
    />
  );
}
