import { provisionEmbeddedKey } from '../keys/service-keys';
import { db } from '../runtime';

/**
 * The Atelier user behind an OAuth identity: the linked one, else the account with that (verified
 * by the provider) email, else a new user with a personal team, like a password sign-up.
 */
export async function userForOAuth(identity: { email: string; name: string; provider: string; providerAccountId: string }): Promise<string> {
  const prisma = await db();
  const email = identity.email.toLowerCase();
  const linked = await prisma.account.findUnique({
    where: { provider_providerAccountId: { provider: identity.provider, providerAccountId: identity.providerAccountId } },
    select: { userId: true },
  });
  if (linked) return linked.userId;
  const { userId, created } = await prisma.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email }, select: { id: true, name: true } });
    const user = existing ?? (await tx.user.create({ data: { email, name: identity.name.slice(0, 80) } }));
    if (!existing) {
      const team = await tx.team.create({ data: { name: user.name, personal: true } });
      await tx.membership.create({ data: { teamId: team.id, userId: user.id, role: 'owner' } });
    }
    await tx.account.create({ data: { userId: user.id, type: 'oauth', provider: identity.provider, providerAccountId: identity.providerAccountId } });
    return { userId: user.id, created: !existing };
  });
  if (created) await provisionEmbeddedKey(userId).catch((e) => console.error('[accounts] could not provision a service key:', (e as Error).message));
  return userId;
}
