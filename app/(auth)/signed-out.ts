import { redirect } from 'next/navigation';
import { safeCallbackUrl } from '@/lib/auth/callback-url';
import { currentUser } from '@/lib/auth/context';
import { getI18n } from '@/lib/i18n/server';

export type AuthSearchParams = Promise<{ callbackUrl?: string | string[] }>;

/**
 * What both auth pages do first: send a signed-in visitor on to where they were going, and carry
 * that destination across to the other form.
 */
export async function signedOutPage(searchParams: AuthSearchParams) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  // currentUser() re-reads the database, so a stale cookie for a deleted account cannot loop us.
  if (await currentUser()) redirect(callbackUrl);
  const { t } = await getI18n();
  const withCallback = (path: string) => (callbackUrl === '/edit' ? path : `${path}?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  return { t, callbackUrl, withCallback };
}
