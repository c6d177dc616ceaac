'use client';

import { Star } from 'lucide-react';
import { useOptimistic, useTransition } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { useActionError } from '../use-action-error';
import { Button } from '../ui/button';
import { useToast } from '../ui/toast';

/** Favourite or not, shown at once and confirmed by the server (a refusal puts it back). */
export function FavoriteToggle({
  id,
  favorite,
  action,
}: {
  id: string;
  favorite: boolean;
  action: (input: { id: string; favorite: boolean }) => Promise<ActionResult<{ favorite: boolean }>>;
}) {
  const { t } = useI18n();
  const d = t.library.detail;
  const toast = useToast();
  const errorText = useActionError();
  const [shown, setShown] = useOptimistic(favorite);
  const [, startTransition] = useTransition();
  const toggle = () =>
    startTransition(async () => {
      setShown(!shown);
      const result = await action({ id, favorite: !shown });
      if (!result.ok) toast(errorText(result.error), 'error');
    });
  return (
    <Button variant="secondary" size="sm" aria-pressed={shown} onClick={toggle} title={shown ? d.unfavorite : d.favorite}>
      <Star className={shown ? 'fill-amber-400 text-amber-500' : undefined} />
      {d.favorite}
    </Button>
  );
}
