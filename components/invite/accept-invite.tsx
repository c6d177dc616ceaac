'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { UsersRound } from 'lucide-react';
import type { ActionResult } from '@/lib/auth/action';
import type { Role } from '@/lib/auth/roles';
import { format } from '@/lib/i18n';
import { useActionError } from '../use-action-error';
import { useI18n } from '../i18n-provider';
import { FormAlert } from '../auth/auth-card';
import { Badge } from '../ui/badge';
import { Button, buttonClass } from '../ui/button';
import { useToast } from '../ui/toast';
import { LocalTime } from '../local-time';

interface AcceptInviteProps {
  token: string;
  teamName: string;
  role: Role;
  expires: string;
  /** Set when signed in; otherwise the card offers sign-in and sign-up links that come back here. */
  viewerEmail?: string;
  accept: (input: { token: string }) => Promise<ActionResult<null>>;
  signInHref: string;
  signUpHref: string;
}

export function AcceptInvite({ token, teamName, role, expires, viewerEmail, accept, signInHref, signUpHref }: AcceptInviteProps) {
  const { t } = useI18n();
  const router = useRouter();
  const toast = useToast();
  const errorText = useActionError();
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  const onAccept = () =>
    startTransition(async () => {
      const result = await accept({ token });
      if (!result.ok) return setError(errorText(result.error));
      toast(format(t.invite.joined, { team: teamName }));
      router.push('/edit');
    });

  return (
    <div className="w-full max-w-[420px] rounded-[1.1rem] bg-surface p-6 shadow-pop sm:p-8">
      <div className="grid size-11 place-items-center rounded-xl bg-accent-soft text-accent-soft-ink">
        <UsersRound className="size-5" />
      </div>
      <h1 className="mt-5 text-xl font-semibold tracking-tight">{t.invite.title}</h1>
      <p className="mt-1.5 text-sm leading-relaxed text-ink-muted">{format(t.invite.lead, { team: teamName })}</p>

      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 rounded-control bg-subtle/70 px-4 py-3.5 text-sm ring-1 ring-line ring-inset">
        <dt className="text-ink-muted">{t.invite.team}</dt>
        <dd className="min-w-0 truncate text-right font-medium">{teamName}</dd>
        <dt className="text-ink-muted">{t.invite.role}</dt>
        <dd className="text-right">
          <Badge tone="accent">{t.roles[role]}</Badge>
        </dd>
        <dt className="text-ink-muted">{t.invite.expires}</dt>
        <dd className="text-right">
          <LocalTime at={expires} options={{ dateStyle: 'long' }} />
        </dd>
      </dl>

      <div className="mt-6 grid gap-3">
        {error && <FormAlert>{error}</FormAlert>}
        {viewerEmail ? (
          <>
            <Button size="lg" pending={pending} onClick={onAccept} className="w-full">
              {t.invite.accept}
            </Button>
            <p className="text-center text-[13px] text-ink-muted">{format(t.invite.signedInAs, { email: viewerEmail })}</p>
          </>
        ) : (
          <>
            <Link href={signInHref} className={buttonClass('primary', 'lg', 'w-full')}>
              {t.invite.signInToAccept}
            </Link>
            <Link href={signUpHref} className={buttonClass('secondary', 'lg', 'w-full')}>
              {t.invite.signUpToAccept}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
