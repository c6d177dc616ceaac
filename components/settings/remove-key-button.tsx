'use client';

import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { ConfirmAction } from '../confirm-dialog';

export function RemoveKeyButton({ kind, remove }: { kind: 'user' | 'team'; remove: (input: Record<string, never>) => Promise<ActionResult<null>> }) {
  const { t } = useI18n();
  return (
    <ConfirmAction
      variant="ghost"
      size="sm"
      title={kind === 'user' ? t.keys.removeTitle : t.keys.removeTeamTitle}
      description={kind === 'user' ? t.keys.removeLead : t.keys.removeTeamLead}
      confirmLabel={t.common.remove}
      action={() => remove({})}
      done={t.keys.removed}
    >
      {t.common.remove}
    </ConfirmAction>
  );
}
