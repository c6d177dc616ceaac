import { z } from 'zod';
import type { TeamContext } from './context';
import { hashPassword, verifyPassword } from '../accounts/password';
import { revokeAllSessions } from './sessions';
import { recordFailure, recordSuccess, secondsToWait } from './throttle';
import { AppError } from '../errors';
import { db } from '../runtime';
import { nameText } from '../text';

export const changePasswordSchema = z.object({
  current: nameText().min(1).max(200),
  next: nameText().min(8, 'passwordTooShort').max(200),
});

/**
 * A new password, after the current one is checked (throttled like a sign-in: a stolen session
 * must not be a way to guess it). Every session of the user ends with it; the caller opens a new
 * one for the browser that asked.
 */
export async function changePassword(ctx: Pick<TeamContext, 'user'>, input: z.infer<typeof changePasswordSchema>, ip: string): Promise<void> {
  const attempt = { email: ctx.user.email, ip };
  const wait = await secondsToWait(attempt);
  if (wait > 0) throw new AppError('conflict', `Too many attempts. Wait ${wait} s, then try again.`, { key: 'throttled', values: { seconds: wait } });
  const prisma = await db();
  const user = await prisma.user.findUniqueOrThrow({ where: { id: ctx.user.id }, select: { passwordHash: true } });
  if (!user.passwordHash || !(await verifyPassword(input.current, user.passwordHash))) {
    await recordFailure(attempt);
    throw new AppError('invalid_input', 'The current password is not right.', { key: 'wrongPassword', fields: { current: 'wrongPassword' } });
  }
  await recordSuccess(ctx.user.email);
  const passwordHash = await hashPassword(input.next);
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: ctx.user.id }, data: { passwordHash } });
    await revokeAllSessions(tx, ctx.user.id);
  });
}

/** Whether the user signs in with a password at all (OAuth-only accounts have none to change). */
export async function hasPassword(userId: string): Promise<boolean> {
  const prisma = await db();
  return (await prisma.user.count({ where: { id: userId, passwordHash: { not: null } } })) > 0;
}
