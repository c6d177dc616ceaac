'use client';

import type { ActionResult } from '@/lib/auth/action';
import type { Dictionary } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { useActionError } from '../use-action-error';

type ActionError = Extract<ActionResult<unknown>, { ok: false }>['error'];

/** Like useActionError, with the share feature's own refusals (lib/share names them with `share…` keys). */
export function useShareError() {
  const { t } = useI18n();
  const fallback = useActionError();
  return (error: ActionError): string =>
    error.key && error.key in t.share.errors ? t.share.errors[error.key as keyof Dictionary['share']['errors']] : fallback(error);
}
