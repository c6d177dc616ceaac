'use client';

import { Clock } from 'lucide-react';
import type { ActionResult } from '@/lib/auth/action';
import type { Role } from '@/lib/auth/roles';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { DAY, TimePhrase } from '../local-time';

export interface PendingInvite {
  id: string;
  role: Role;
  /** ISO time, shown in the viewer's zone. */
  expires: string;
}

export function PendingInvites({ invites, revoke }: { invites: PendingInvite[]; revoke: (input: { inviteId: string }) => Promise<ActionResult<null>> }) {
  const { t } = useI18n();
  return (
    <div className="border-t border-line">
      <h3 className="px-5 pt-4 pb-2 text-[13px] font-medium text-ink sm:px-6">{t.team.pending}</h3>
      {invites.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-ink-subtle sm:px-6">{t.team.pendingEmpty}</p>
      ) : (
        <ul className="divide-y divide-line pb-1">
          {invites.map((invite) => (
            <InviteRow key={invite.id} invite={invite} revoke={revoke} />
          ))}
        </ul>
      )}
    </div>
  );
}

function InviteRow({ invite, revoke }: { invite: PendingInvite; revoke: (input: { inviteId: string }) => Promise<ActionResult<null>> }) {
  const { t } = useI18n();
  const { run, pending, toast } = useAction();

  const onRevoke = () =>
    run(
      () => revoke({ inviteId: invite.id }),
      () => toast(t.team.revoked),
    );

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3 sm:px-6">
      <Badge tone={invite.role === 'member' ? 'neutral' : 'accent'}>{t.roles[invite.role]}</Badge>
      <span className="flex min-w-0 flex-1 items-center gap-1.5 text-[13px] text-ink-muted">
        <Clock className="size-3.5 shrink-0" />
        <TimePhrase template={t.team.expiresOn} at={invite.expires} options={DAY} />
      </span>
      <Button variant="ghost" size="sm" pending={pending} onClick={onRevoke} className="hover:text-danger">
        {t.team.revoke}
      </Button>
    </li>
  );
}
