'use client';

import { RotateCcw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import type { Held, HeldRequest } from '@/lib/generations/approval-gate';
import { HeldNotice } from '../inbox/held-notice';
import { useI18n } from '../i18n-provider';
import { useActionError } from '../use-action-error';
import { Button } from '../ui/button';

type RetryVideo = (input: { id: string }) => Promise<ActionResult<{ generationId: string } | Held>>;

/** Starts a failed video again with its settings and opens the new attempt (or says it waits for approval). */
export function RetryButton({ id, action }: { id: string; action: RetryVideo }) {
  const { t } = useI18n();
  const describe = useActionError();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [held, setHeld] = useState<HeldRequest | null>(null);
  const retry = () =>
    startTransition(async () => {
      setError(null);
      const result = await action({ id });
      if (!result.ok) setError(describe(result.error));
      else if ('held' in result.data) setHeld(result.data.held);
      else router.push(`/videos/${result.data.generationId}`);
    });
  return (
    <div className="grid justify-items-start gap-2">
      <Button variant="secondary" pending={pending} onClick={retry}>
        {!pending && <RotateCcw />}
        {t.videos.player.retry}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {held && <HeldNotice held={held} />}
    </div>
  );
}
