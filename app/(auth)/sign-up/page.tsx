import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { SignUpForm } from '@/components/auth/sign-up-form';
import { getI18n } from '@/lib/i18n/server';
import { signedOutPage, type AuthSearchParams } from '../signed-out';
import { signUpWithPassword } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.auth.signUp };
}

export default async function SignUpPage({ searchParams }: { searchParams: AuthSearchParams }) {
  const { t, callbackUrl, withCallback } = await signedOutPage(searchParams);
  return (
    <AuthCard title={t.auth.signUpTitle} lead={t.auth.signUpLead} other={{ prompt: t.auth.haveAccount, label: t.auth.signIn, href: withCallback('/sign-in') }}>
      <SignUpForm action={signUpWithPassword} callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
