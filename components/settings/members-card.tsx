'use client';

import type { ActionResult } from '@/lib/auth/action';
import { atLeast, type Role } from '@/lib/auth/roles';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Card, CardHeader } from '../ui/card';
import { MemberRow, type Member } from './member-row';

interface MembersCardProps {
  viewer: { userId: string; role: Role };
  teamName: string;
  members: Member[];
  changeRole: (input: { membershipId: string; role: Role }) => Promise<ActionResult<null>>;
  removeMember: (input: { membershipId: string }) => Promise<ActionResult<null>>;
}

export function MembersCard({ viewer, teamName, members, changeRole, removeMember }: MembersCardProps) {
  const { t } = useI18n();
  const admin = atLeast(viewer.role, 'admin');
  return (
    <Card>
      <CardHeader
        title={t.team.members}
        description={admin ? (members.length === 1 ? t.team.membersCountOne : format(t.team.membersCount, { n: members.length })) : t.team.manageNote}
      />
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-y border-line bg-subtle/60 text-xs text-ink-muted">
            <tr>
              <th scope="col" className="px-5 py-2.5 font-medium sm:px-6">
                {t.team.member}
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                {t.team.role}
              </th>
              <th scope="col" className="hidden px-3 py-2.5 font-medium md:table-cell">
                {t.team.joined}
              </th>
              <th scope="col" className="px-5 py-2.5 sm:px-6">
                <span className="sr-only">{t.team.remove}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {members.map((member) => (
              <MemberRow key={member.membershipId} member={member} viewer={viewer} teamName={teamName} changeRole={changeRole} removeMember={removeMember} />
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
