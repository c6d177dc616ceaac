import { z } from 'zod';
import { hashPassword } from './password';
import { AppError } from '../errors';
import { createPersonalAccount, welcome } from './personal-account';
import { db } from '../runtime';
import { nameText } from '../text';

export const signUpSchema = z.object({
  name: nameText().trim().min(1, 'Required').max(80),
  email: z.email('Enter a valid email').transform((e) => e.toLowerCase()),
  password: nameText().min(8, 'At least 8 characters').max(200),
});

/** A user, their personal team (as owner) and, in embedded mode, a freshly minted service key. */
export async function createAccount(raw: z.input<typeof signUpSchema>): Promise<{ userId: string; teamId: string }> {
  const input = signUpSchema.parse(raw);
  const prisma = await db();
  const taken = () => new AppError('conflict', 'An account with this email already exists.');
  if (await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw taken();
  const passwordHash = await hashPassword(input.password);
  const account = await prisma
    .$transaction((tx) => createPersonalAccount(tx, { email: input.email, name: input.name, passwordHash }))
    .catch((error: unknown) => {
      // Two sign-ups with one email at once: the unique email decides, and the second is told so.
      throw (error as { code?: string }).code === 'P2002' ? taken() : error;
    });
  await welcome(account.userId);
  return account;
}
