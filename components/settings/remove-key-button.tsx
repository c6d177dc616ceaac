'use client';

import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { ConfirmButton } from '../confirm-dialog';

export function RemoveKeyButton({ kind, remove }: { kind: 'user' | 'team'; remove: (input: Record<string, never>) => Promise<ActionResult<null>> }) {
  const { t } = useI18n();
  const { run, pending, toast } = useAction();
  return (
    <ConfirmButton
      variant="ghost"
      size="sm"
      title={kind === 'user' ? t.keys.removeTitle : t.keys.removeTeamTitle}
      description={kind === 'user' ? t.keys.removeLead : t.keys.removeTeamLead}
      confirmLabel={t.common.remove}
      pending={pending}
      onConfirm={(close) =>
        run(
          () => remove({}),
          () => toast(t.keys.removed),
          close,
        )
      }
    >
      {t.common.remove}
    </ConfirmButton>
  );
}
