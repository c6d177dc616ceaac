'use client';

import { useRouter } from 'next/navigation';
import { LogOut, UserMinus } from 'lucide-react';
import type { ActionResult } from '@/lib/auth/action';
import { atLeast, type Role } from '@/lib/auth/roles';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { Avatar } from '../shell/avatar';
import { Badge } from '../ui/badge';
import { Select } from '../ui/input';
import { Spinner } from '../ui/spinner';
import { ConfirmButton } from '../confirm-dialog';
import { DAY, LocalTime } from '../local-time';

export interface Member {
  membershipId: string;
  userId: string;
  name: string;
  email: string;
  role: Role;
  /** ISO time, shown in the viewer's zone. */
  joined: string;
}

interface MemberRowProps {
  member: Member;
  viewer: { userId: string; role: Role };
  teamName: string;
  changeRole: (input: { membershipId: string; role: Role }) => Promise<ActionResult<null>>;
  removeMember: (input: { membershipId: string }) => Promise<ActionResult<null>>;
}

/** One member. The controls mirror lib/teams/members.ts; the server still decides and may refuse. */
export function MemberRow({ member, viewer, teamName, changeRole, removeMember }: MemberRowProps) {
  const { t } = useI18n();
  const router = useRouter();
  const { run, pending, toast } = useAction();
  const self = member.userId === viewer.userId;
  const canManage = atLeast(viewer.role, 'admin') && (member.role !== 'owner' || viewer.role === 'owner');
  const roles: Role[] = viewer.role === 'owner' ? ['member', 'admin', 'owner'] : ['member', 'admin'];

  const setRole = (role: Role) =>
    run(
      () => changeRole({ membershipId: member.membershipId, role }),
      () => toast(t.team.roleChanged),
    );

  const remove = (close: () => void) =>
    run(
      () => removeMember({ membershipId: member.membershipId }),
      () => {
        toast(self ? t.team.left : t.team.removed);
        if (self) router.push('/edit');
      },
      close,
    );

  return (
    <tr className="align-middle">
      {/* w-full max-w-0: the name takes the room left and is cut short in it, never widening the table past a phone. */}
      <td className="w-full max-w-0 px-5 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar id={member.userId} name={member.name} shape="round" />
          <div className="grid min-w-0 leading-tight">
            <span className="flex items-center gap-2 font-medium text-ink">
              <span className="truncate">{member.name}</span>
              {self && (
                <Badge tone="accent" className="h-5 px-2">
                  {t.team.you}
                </Badge>
              )}
            </span>
            <span className="truncate text-xs text-ink-muted">{member.email}</span>
          </div>
        </div>
      </td>
      <td className="px-3 py-3">
        {canManage ? (
          <div className="flex items-center gap-2">
            <Select
              aria-label={t.team.role}
              value={member.role}
              disabled={pending}
              onChange={(e) => setRole(e.target.value as Role)}
              className="w-28 sm:w-32"
              options={roles.map((role) => ({ value: role, label: t.roles[role] }))}
            />
            {pending && <Spinner className="text-ink-subtle" />}
          </div>
        ) : (
          <Badge tone={member.role === 'member' ? 'neutral' : 'accent'}>{t.roles[member.role]}</Badge>
        )}
      </td>
      <td className="hidden px-3 py-3 whitespace-nowrap text-ink-muted md:table-cell">
        <LocalTime at={member.joined} options={DAY} />
      </td>
      <td className="py-3 pr-3 pl-1 text-right sm:px-6">
        {/* An owner hands ownership on before leaving; the server keeps the last owner. */}
        {((self && member.role !== 'owner') || (!self && canManage)) && (
          <ConfirmButton
            variant="ghost"
            size="sm"
            aria-label={self ? t.team.leave : t.team.remove}
            className="px-2 hover:text-danger sm:px-3"
            title={self ? format(t.team.leaveTitle, { team: teamName }) : format(t.team.removeTitle, { name: member.name })}
            description={self ? t.team.leaveLead : t.team.removeLead}
            confirmLabel={self ? t.team.leave : t.team.remove}
            pending={pending}
            onConfirm={remove}
            dialogClassName="text-left"
          >
            {self ? <LogOut className="sm:hidden" /> : <UserMinus className="sm:hidden" />}
            <span className="hidden sm:inline">{self ? t.team.leave : t.team.remove}</span>
          </ConfirmButton>
        )}
      </td>
    </tr>
  );
}
