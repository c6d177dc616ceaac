'use server';

import { headers } from 'next/headers';
import { changePassword as change, changePasswordSchema } from '@/lib/auth/change-password';
import { teamAction } from '@/lib/auth/action';
import { signIn } from '@/lib/auth/auth';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';

/** Settings → Password. Every session ends; this browser gets a new one and stays signed in. */
export const changePassword = teamAction(changePasswordSchema, 'member', async (ctx, input) => {
  await change(ctx, input, (await headers()).get(CLIENT_IP_HEADER) ?? 'unknown');
  await signIn('credentials', { email: ctx.user.email, password: input.next, redirect: false });
  return null;
});
