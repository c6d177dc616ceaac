import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { SignInForm } from '@/components/auth/sign-in-form';
import { getI18n } from '@/lib/i18n/server';
import { signedOutPage, type AuthSearchParams } from '../signed-out';
import { signInWithPassword } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.auth.signIn };
}

export default async function SignInPage({ searchParams }: { searchParams: AuthSearchParams }) {
  const { t, callbackUrl, withCallback } = await signedOutPage(searchParams);
  return (
    <AuthCard title={t.auth.signInTitle} lead={t.auth.signInLead} other={{ prompt: t.auth.noAccount, label: t.auth.signUp, href: withCallback('/sign-up') }}>
      <SignInForm action={signInWithPassword} callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
