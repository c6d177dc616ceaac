'use client';

import { useId, useState, useTransition, type FormEvent } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { format, formatCny } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { useActionError } from '../use-action-error';
import { Button } from '../ui/button';
import { Card, CardBody, CardHeader } from '../ui/card';
import { Input } from '../ui/input';
import { cn } from '../ui/cn';
import { useToast } from '../ui/toast';

interface ApprovalsCardProps {
  /** The saved amount in CNY, or null (off). */
  above: string | null;
  canChange: boolean;
  save: (input: { above: string | null }) => Promise<ActionResult<string | null>>;
}

/**
 * Spend that waits for approval: on, with the amount above which a member's request waits, or off.
 * Owners and admins change it; members read how it stands.
 */
export function ApprovalsCard({ above: saved, canChange, save }: ApprovalsCardProps) {
  const { t, locale } = useI18n();
  const s = t.review.settings;
  const toast = useToast();
  const errorText = useActionError();
  const id = useId();
  const [on, setOn] = useState(saved !== null);
  const [amount, setAmount] = useState(saved ? String(Number(saved)) : '');
  const [invalid, setInvalid] = useState(false);
  const [pending, startTransition] = useTransition();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const above = on ? amount.trim() : null;
    setInvalid(false);
    startTransition(async () => {
      const result = await save({ above });
      if (result.ok) return toast(s.saved);
      setInvalid(Boolean(result.error.fields?.above));
      toast(result.error.fields?.above ? s.amount : errorText(result.error), 'error');
    });
  };

  return (
    <Card>
      <CardHeader title={s.title} description={s.lead} />
      <CardBody className="grid gap-4">
        <p className="text-[13px] text-ink-muted" data-testid="approvals-current">
          {saved === null ? s.off : format(s.current, { amount: formatCny(saved, locale) })}
        </p>
        {canChange ? (
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
            <label className="flex h-10 items-center gap-2 text-[13px] font-medium text-ink">
              <input
                type="checkbox"
                checked={on}
                onChange={(e) => setOn(e.target.checked)}
                className="size-4 accent-[var(--accent)]"
                data-testid="approvals-on"
              />
              {s.on}
            </label>
            <span className={cn('flex w-36 items-center gap-1.5', !on && 'opacity-50')}>
              <span aria-hidden className="text-sm text-ink-muted">
                ¥
              </span>
              <Input
                id={`${id}-amount`}
                aria-label={s.amount}
                aria-invalid={invalid || undefined}
                inputMode="decimal"
                value={amount}
                disabled={!on}
                onChange={(e) => setAmount(e.target.value)}
                placeholder="10"
                className="tabular-nums"
                data-testid="approvals-amount"
              />
            </span>
            <Button type="submit" pending={pending} disabled={on && !amount.trim()}>
              {s.save}
            </Button>
          </form>
        ) : (
          <p className="text-[13px] text-ink-subtle">{s.readOnly}</p>
        )}
      </CardBody>
    </Card>
  );
}
