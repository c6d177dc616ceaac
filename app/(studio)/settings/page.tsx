import type { Metadata } from 'next';
import { PasswordCard } from '@/components/settings/password-card';
import { ServiceKeyCard } from '@/components/settings/service-key-card';
import { hasPassword } from '@/lib/auth/change-password';
import { requireTeamContext } from '@/lib/auth/page-context';
import { atLeast } from '@/lib/auth/roles';
import { getI18n } from '@/lib/i18n/server';
import { keyStatus } from '@/lib/keys/service-keys';
import { removeTeamKey, removeUserKey, saveTeamKey, saveUserKey } from './key-actions';
import { changePassword } from './password-action';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.settings.keysTab };
}

export default async function KeySettingsPage() {
  const ctx = await requireTeamContext();
  const [status, withPassword] = await Promise.all([keyStatus(ctx), hasPassword(ctx.user.id)]);
  const updated = (date: Date) => date.toISOString();
  const admin = atLeast(ctx.role, 'admin');

  // Only last-4 digits, flags and dates cross to the browser; the sealed key never leaves lib/keys.
  return (
    <div key={ctx.team.id} className="grid gap-6">
      <ServiceKeyCard
        kind="user"
        status={status.user && { last4: status.user.last4, provisioned: status.user.provisioned, updated: updated(status.user.updatedAt), inUse: true }}
        fallbackToTeam={!status.user && !!status.team}
        canManage
        save={saveUserKey}
        remove={removeUserKey}
      />
      <ServiceKeyCard
        kind="team"
        teamName={ctx.team.name}
        status={
          status.team && { last4: admin ? status.team.last4 : undefined, provisioned: false, updated: updated(status.team.updatedAt), inUse: !status.user }
        }
        canManage={admin}
        save={saveTeamKey}
        remove={removeTeamKey}
      />
      {withPassword && <PasswordCard change={changePassword} />}
    </div>
  );
}
