import { createPersonalAccount, welcome } from './personal-account';
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
    const existing = await tx.user.findUnique({ where: { email }, select: { id: true } });
    const userId = existing?.id ?? (await createPersonalAccount(tx, { email, name: identity.name })).userId;
    await tx.account.create({ data: { userId, type: 'oauth', provider: identity.provider, providerAccountId: identity.providerAccountId } });
    return { userId, created: !existing };
  });
  if (created) await welcome(userId);
  return userId;
}
