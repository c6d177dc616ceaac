import { cookies } from 'next/headers';
import { appConfig } from '../config';
import { TEAM_COOKIE } from './context';

/**
 * Makes `teamId` the active team for this browser. Only call it after checking the membership:
 * teamContext() re-checks on every request, so a forged cookie selects nothing it should not.
 */
export async function selectTeam(teamId: string): Promise<void> {
  (await cookies()).set(TEAM_COOKIE, teamId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: appConfig().publicUrl.startsWith('https://'),
    path: '/',
    maxAge: 365 * 24 * 3600,
  });
}

export async function forgetTeam(): Promise<void> {
  (await cookies()).delete(TEAM_COOKIE);
}
