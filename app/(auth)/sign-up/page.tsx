import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { SignUpForm } from '@/components/auth/sign-up-form';
import { safeCallbackUrl } from '@/lib/auth/callback-url';
import { currentUser } from '@/lib/auth/context';
import { getI18n } from '@/lib/i18n/server';
import { signUpWithPassword } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.auth.signUp };
}

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  // currentUser() re-reads the database, so a stale cookie for a deleted account cannot loop us.
  if (await currentUser()) redirect(callbackUrl);
  const { t } = await getI18n();
  const signInHref = callbackUrl === '/edit' ? '/sign-in' : `/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`;
  return (
    <AuthCard
      title={t.auth.signUpTitle}
      lead={t.auth.signUpLead}
      footer={
        <>
          {t.auth.haveAccount}{' '}
          <Link href={signInHref} className="focus-ring rounded font-medium text-accent-soft-ink hover:underline">
            {t.auth.signIn}
          </Link>
        </>
      }
    >
      <SignUpForm action={signUpWithPassword} callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
