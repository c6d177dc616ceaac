import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { SignInForm } from '@/components/auth/sign-in-form';
import { safeCallbackUrl } from '@/lib/auth/callback-url';
import { currentUser } from '@/lib/auth/context';
import { getI18n } from '@/lib/i18n/server';
import { signInWithPassword } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.auth.signIn };
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  // currentUser() re-reads the database, so a stale cookie for a deleted account cannot loop us.
  if (await currentUser()) redirect(callbackUrl);
  const { t } = await getI18n();
  const signUpHref = callbackUrl === '/edit' ? '/sign-up' : `/sign-up?callbackUrl=${encodeURIComponent(callbackUrl)}`;
  return (
    <AuthCard
      title={t.auth.signInTitle}
      lead={t.auth.signInLead}
      footer={
        <>
          {t.auth.noAccount}{' '}
          <Link href={signUpHref} className="focus-ring rounded font-medium text-accent-soft-ink hover:underline">
            {t.auth.signUp}
          </Link>
        </>
      }
    >
      <SignInForm action={signInWithPassword} callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
