'use client';

import { useId, useState, useTransition, type FormEvent } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { useActionError } from '../use-action-error';
import { Button } from '../ui/button';
import { Card, CardBody, CardHeader } from '../ui/card';
import { fieldAria, Input } from '../ui/input';
import { useToast } from '../ui/toast';

interface RenameTeamCardProps {
  name: string;
  personal: boolean;
  canRename: boolean;
  rename: (input: { name: string }) => Promise<ActionResult<null>>;
}

export function RenameTeamCard({ name, personal, canRename, rename }: RenameTeamCardProps) {
  const { t } = useI18n();
  const toast = useToast();
  const errorText = useActionError();
  const id = useId();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await rename({ name: value });
      setError(result.ok ? undefined : errorText(result.error));
      if (result.ok) toast(t.team.renamed);
    });
  };

  return (
    <Card>
      <CardHeader title={t.team.nameLabel} description={personal ? t.team.personalNote : canRename ? undefined : t.team.manageNote} />
      <CardBody>
        <form onSubmit={submit} className="grid gap-2">
          <label htmlFor={id} className="sr-only">
            {t.team.nameLabel}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...fieldAria(id, error)}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              maxLength={80}
              required
              disabled={!canRename}
              className="sm:max-w-sm"
            />
            {canRename && (
              <Button type="submit" size="lg" variant="secondary" pending={pending} disabled={value.trim() === name || !value.trim()}>
                {t.team.rename}
              </Button>
            )}
          </div>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-[13px] text-danger">
              {error}
            </p>
          )}
        </form>
      </CardBody>
    </Card>
  );
}
