'use client';

import { useState, useTransition } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { useActionError } from '../use-action-error';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { useToast } from '../ui/toast';

export function RemoveKeyButton({ kind, remove }: { kind: 'user' | 'team'; remove: (input: Record<string, never>) => Promise<ActionResult<null>> }) {
  const { t } = useI18n();
  const toast = useToast();
  const errorText = useActionError();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();

  const confirm = () =>
    startTransition(async () => {
      const result = await remove({});
      setOpen(false);
      toast(result.ok ? t.keys.removed : errorText(result.error), result.ok ? 'success' : 'error');
    });

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {t.common.remove}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        closeLabel={t.common.close}
        title={kind === 'user' ? t.keys.removeTitle : t.keys.removeTeamTitle}
        description={kind === 'user' ? t.keys.removeLead : t.keys.removeTeamLead}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t.common.cancel}
            </Button>
            <Button variant="danger" pending={pending} onClick={confirm}>
              {t.common.remove}
            </Button>
          </>
        }
      />
    </>
  );
}
