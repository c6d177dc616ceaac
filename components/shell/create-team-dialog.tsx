'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, useTransition, type FormEvent } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { useActionError } from '../use-action-error';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Field, fieldAria, Input } from '../ui/input';
import { useToast } from '../ui/toast';

export function CreateTeamDialog({ open, onClose, createTeam }: { open: boolean; onClose: () => void; createTeam: (input: { name: string }) => Promise<ActionResult<null>> }) {
  const { t } = useI18n();
  const router = useRouter();
  const toast = useToast();
  const errorText = useActionError();
  const id = useId();
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '');
    startTransition(async () => {
      const result = await createTeam({ name });
      if (!result.ok) return setError(errorText(result.error));
      form.reset();
      setError(undefined);
      onClose();
      toast(t.shell.teamCreated);
      router.push('/settings/team');
      router.refresh();
    });
  };

  return (
    <Dialog open={open} onClose={onClose} title={t.shell.createTeam} description={t.shell.createTeamLead} closeLabel={t.common.close}>
      <form onSubmit={submit} className="grid gap-5">
        <Field id={id} label={t.shell.teamName} error={error}>
          <Input {...fieldAria(id, error)} name="name" required maxLength={80} placeholder={t.shell.teamNamePlaceholder} autoComplete="off" />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t.common.cancel}
          </Button>
          <Button type="submit" pending={pending}>
            {t.shell.createTeam}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
