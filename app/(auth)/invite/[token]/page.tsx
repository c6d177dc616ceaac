import type { Metadata } from 'next';
import Link from 'next/link';
import { Link2Off } from 'lucide-react';
import { AcceptInvite } from '@/components/invite/accept-invite';
import { StatusPanel } from '@/components/status-panel';
import { buttonClass } from '@/components/ui/button';
import { currentUser } from '@/lib/auth/context';
import { getI18n } from '@/lib/i18n/server';
import { peekInvite } from '@/lib/teams/invites';
import { acceptInviteAction } from './accept-invite';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.invite.title };
}

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [{ t }, invite, user] = await Promise.all([getI18n(), peekInvite(token), currentUser()]);

  if (!invite) {
    return (
      <StatusPanel icon={<Link2Off />} title={t.invite.invalidTitle} description={t.invite.invalidLead}>
        <Link href="/" className={buttonClass('secondary')}>
          {t.invite.goToStudio}
        </Link>
      </StatusPanel>
    );
  }

  const back = encodeURIComponent(`/invite/${token}`);
  return (
    <AcceptInvite
      token={token}
      teamName={invite.teamName}
      role={invite.role}
      expires={invite.expiresAt.toISOString()}
      viewerEmail={user?.email}
      accept={acceptInviteAction}
      signInHref={`/sign-in?callbackUrl=${back}`}
      signUpHref={`/sign-up?callbackUrl=${back}`}
    />
  );
}
