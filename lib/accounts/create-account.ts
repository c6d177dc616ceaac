import { z } from 'zod';
import { hashPassword } from '../auth/password';
import { AppError } from '../errors';
import { provisionEmbeddedKey } from '../keys/service-keys';
import { db } from '../runtime';

export const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(80),
  email: z.email('Enter a valid email').transform((e) => e.toLowerCase()),
  password: z.string().min(8, 'At least 8 characters').max(200),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** A user, their personal team (as owner) and, in embedded mode, a freshly minted service key. */
export async function createAccount(raw: z.input<typeof signUpSchema>): Promise<{ userId: string; teamId: string }> {
  const input = signUpSchema.parse(raw);
  const prisma = await db();
  if (await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
    throw new AppError('conflict', 'An account with this email already exists.');
  }
  const passwordHash = await hashPassword(input.password);
  const { user, team } = await prisma.$transaction(async (tx) => {
    const user = await tx.user.create({ data: { email: input.email, name: input.name, passwordHash } });
    const team = await tx.team.create({ data: { name: input.name, personal: true } });
    await tx.membership.create({ data: { teamId: team.id, userId: user.id, role: 'owner' } });
    return { user, team };
  });
  try {
    await provisionEmbeddedKey(user.id);
  } catch (error) {
    // The account stands; Settings shows that a key is missing and the user can add one.
    console.error('[accounts] could not provision a service key:', (error as Error).message);
  }
  return { userId: user.id, teamId: team.id };
}
