import type { Metadata } from 'next';
import { ApiKeysCard } from '@/components/settings/api-keys-card';
import type { ApiKeyItem } from '@/components/settings/api-key-types';
import { listApiKeys, type ApiKeySummary } from '@/lib/api-keys/keys';
import { requireTeamContext } from '@/lib/auth/page-context';
import { atLeast } from '@/lib/auth/roles';
import { appConfig } from '@/lib/config';
import { getI18n } from '@/lib/i18n/server';
import { serviceModels } from '@/lib/pricing/catalog';
import { listMembers } from '@/lib/teams/members';
import { makeApiKey, revokeApiKeyAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.api.tab };
}

function stateOf(key: ApiKeySummary, now: Date): ApiKeyItem['state'] {
  if (key.revokedAt) return 'revoked';
  return key.expiresAt && key.expiresAt <= now ? 'expired' : 'active';
}

export default async function ApiKeysPage() {
  const ctx = await requireTeamContext();
  const admin = atLeast(ctx.role, 'admin');
  const [keys, members, models] = await Promise.all([listApiKeys(ctx), admin ? listMembers(ctx) : [], serviceModels(ctx)]);
  const now = new Date();
  // Members see the keys that act as them; owners and admins see and manage all.
  const items: ApiKeyItem[] = keys
    .filter((key) => admin || key.memberId === ctx.user.id)
    .map((key) => ({
      id: key.id,
      name: key.name,
      shown: `atl_${key.prefix}`,
      member: key.member,
      budget: key.monthlyBudget === null ? null : Number(key.monthlyBudget).toFixed(2),
      spent: key.spentThisMonth,
      rpm: key.rpm,
      models: key.models,
      state: stateOf(key, now),
      expires: key.expiresAt?.toISOString() ?? null,
      lastUsed: key.lastUsedAt?.toISOString() ?? null,
    }));
  return (
    <ApiKeysCard
      key={ctx.team.id}
      base={`${appConfig().publicUrl}/api/v1`}
      keys={items}
      models={models.map((m) => m.id).sort()}
      {...(admin
        ? {
            // A key acts at most at its maker's role: only those members are offered.
            members: members.filter((m) => atLeast(ctx.role, m.role)).map((m) => ({ id: m.userId, name: m.name || m.email })),
            make: makeApiKey,
            revoke: revokeApiKeyAction,
          }
        : {})}
    />
  );
}
