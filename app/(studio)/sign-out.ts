'use server';

import { signOut } from '@/lib/auth/auth';
import { forgetTeam } from '@/lib/auth/team-cookie';

export async function signOutAction(): Promise<void> {
  await forgetTeam();
  await signOut({ redirectTo: '/sign-in' });
}
