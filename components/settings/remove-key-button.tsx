'use client';

import { useState } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

export function RemoveKeyButton({ kind, remove }: { kind: 'user' | 'team'; remove: (input: Record<string, never>) => Promise<ActionResult<null>> }) {
  const { t } = useI18n();
  const { run, pending, toast } = useAction();
  const [open, setOpen] = useState(false);

  const confirm = () =>
    run(
      () => remove({}),
      () => toast(t.keys.removed),
      () => setOpen(false),
    );

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
