'use client';

import { useId, useState, useTransition } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { useActionError } from '../use-action-error';
import { Card, CardBody, CardHeader } from '../ui/card';
import { cn } from '../ui/cn';
import { useToast } from '../ui/toast';

interface MaskGuardCardProps {
  on: boolean;
  canChange: boolean;
  save: (input: { on: boolean }) => Promise<ActionResult<null>>;
}

/** The team's mask guard: a switch that saves as it flips (owners and admins), read-only for members. */
export function MaskGuardCard({ on: saved, canChange, save }: MaskGuardCardProps) {
  const { t } = useI18n();
  const toast = useToast();
  const errorText = useActionError();
  const id = useId();
  const [on, setOn] = useState(saved);
  const [pending, startTransition] = useTransition();

  const flip = () => {
    const next = !on;
    setOn(next);
    startTransition(async () => {
      const result = await save({ on: next });
      if (result.ok) return toast(next ? t.team.maskGuardOn : t.team.maskGuardOff);
      setOn(!next);
      toast(errorText(result.error), 'error');
    });
  };

  return (
    <Card>
      <CardHeader title={t.team.edits} description={canChange ? undefined : t.team.maskGuardManage} />
      <CardBody className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <span id={`${id}-label`} className="text-[13px] font-medium text-ink">
            {t.team.maskGuard}
          </span>
          <span id={`${id}-hint`} className="max-w-prose text-[13px] text-ink-muted">
            {t.team.maskGuardHint}
          </span>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          disabled={!canChange || pending}
          onClick={flip}
          data-testid="mask-guard-switch"
          className={cn(
            'focus-ring relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed',
            on ? 'bg-accent' : 'bg-line-strong',
            !canChange && 'opacity-60',
          )}
        >
          <span aria-hidden className={cn('size-5 rounded-full bg-surface shadow-xs transition-transform', on ? 'translate-x-5.5' : 'translate-x-0.5')} />
        </button>
      </CardBody>
    </Card>
  );
}
