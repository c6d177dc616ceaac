import type { Prisma } from '../db/generated/client';
import { provisionEmbeddedKey } from '../keys/service-keys';
import { log } from '../observability/log';

/**
 * The one way a person gets an account, whichever door they came in by (password or OAuth): the
 * user, their personal team, and ownership of it, inside the caller's transaction.
 */
export async function createPersonalAccount(
  tx: Prisma.TransactionClient,
  person: { email: string; name: string; passwordHash?: string },
): Promise<{ userId: string; teamId: string }> {
  const user = await tx.user.create({ data: { email: person.email, name: person.name.slice(0, 80), passwordHash: person.passwordHash } });
  const team = await tx.team.create({ data: { name: user.name, personal: true } });
  await tx.membership.create({ data: { teamId: team.id, userId: user.id, role: 'owner' } });
  return { userId: user.id, teamId: team.id };
}

/** After the account is written: in embedded mode, a service key minted for the user, so they can generate at once. */
export async function welcome(userId: string): Promise<void> {
  try {
    await provisionEmbeddedKey(userId);
  } catch (error) {
    // The account stands; Settings shows that a key is missing and the user can add one.
    log().error({ err: error }, 'accounts: could not provision a service key');
  }
}
