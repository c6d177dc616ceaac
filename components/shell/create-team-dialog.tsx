'use client';

import { useRouter } from 'next/navigation';
import { useId } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { useFieldAction } from '../use-field-action';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Field, fieldAria, Input } from '../ui/input';
import { useToast } from '../ui/toast';

export function CreateTeamDialog({
  open,
  onClose,
  createTeam,
}: {
  open: boolean;
  onClose: () => void;
  createTeam: (input: { name: string }) => Promise<ActionResult<null>>;
}) {
  const { t } = useI18n();
  const router = useRouter();
  const toast = useToast();
  const id = useId();
  const { submit, error, pending } = useFieldAction('name', createTeam, () => {
    onClose();
    toast(t.shell.teamCreated);
    router.push('/settings/team');
    router.refresh();
  });

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
