import type { Metadata } from 'next';
import { ApprovalsCard } from '@/components/settings/approvals-card';
import { InviteCard } from '@/components/settings/invite-card';
import { MaskGuardCard } from '@/components/settings/mask-guard-card';
import { MembersCard } from '@/components/settings/members-card';
import { RenameTeamCard } from '@/components/settings/rename-team-card';
import { approvalThreshold } from '@/lib/approvals/settings';
import { requireTeamContext } from '@/lib/auth/page-context';
import { atLeast } from '@/lib/auth/roles';
import { getI18n } from '@/lib/i18n/server';
import { listInvites } from '@/lib/teams/invites';
import { teamMaskGuard } from '@/lib/teams/mask-guard';
import { listMembers } from '@/lib/teams/members';
import { createInviteLink, revokeInviteLink } from './invite-actions';
import { setApprovalThresholdAction } from './approval-action';
import { setMaskGuardAction } from './mask-guard-action';
import { changeMemberRole, removeTeamMember } from './member-actions';
import { renameTeamAction } from './rename-team';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.settings.teamTab };
}

export default async function TeamSettingsPage() {
  const ctx = await requireTeamContext();
  const admin = atLeast(ctx.role, 'admin');
  const [members, invites, maskGuard, approvalAbove] = await Promise.all([
    listMembers(ctx),
    admin ? listInvites(ctx) : [],
    teamMaskGuard(ctx),
    approvalThreshold(ctx),
  ]);

  return (
    <div key={ctx.team.id} className="grid gap-6">
      <RenameTeamCard
        key={ctx.team.name}
        name={ctx.team.name}
        personal={ctx.team.personal && ctx.role === 'owner'}
        canRename={admin}
        rename={renameTeamAction}
      />
      <MaskGuardCard key={String(maskGuard)} on={maskGuard} canChange={admin} save={setMaskGuardAction} />
      <ApprovalsCard key={approvalAbove ?? 'off'} above={approvalAbove} canChange={admin} save={setApprovalThresholdAction} />
      <MembersCard
        viewer={{ userId: ctx.user.id, role: ctx.role }}
        teamName={ctx.team.name}
        members={members.map((m) => ({
          membershipId: m.membershipId,
          userId: m.userId,
          name: m.name,
          email: m.email,
          role: m.role,
          joined: m.joinedAt.toISOString(),
        }))}
        changeRole={changeMemberRole}
        removeMember={removeTeamMember}
      />
      {admin && (
        <InviteCard
          viewerRole={ctx.role}
          invites={invites.map((i) => ({ id: i.id, role: i.role, expires: i.expiresAt.toISOString() }))}
          createInvite={createInviteLink}
          revokeInvite={revokeInviteLink}
        />
      )}
    </div>
  );
}
