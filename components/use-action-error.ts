'use client';

import type { ActionResult } from '@/lib/auth/action';
import { format, type Dictionary } from '@/lib/i18n';
import { upstreamMessageKey } from '@/lib/upstream/error-keys';
import { useI18n } from './i18n-provider';

type ActionError = Extract<ActionResult<unknown>, { ok: false }>['error'];

/** What a refusal carries, from an action result or a route's JSON error body. */
export type ServerError = Pick<ActionError, 'code' | 'message' | 'key' | 'values'>;

/** A server refusal in the UI's language; never a raw internal error. */
export function describeServerError(t: Dictionary, error: ServerError): string {
  // lib/ names its refusals with a key of the dictionary (typed: lib/errors.ts MessageKey).
  const known = error.key ? t.serverErrors[error.key] : undefined;
  if (known) return format(known, error.values ?? {});
  if (error.code === 'invalid_input') return t.errors.invalidInput;
  if (error.code === 'unauthenticated') return t.errors.unauthenticated;
  if (error.code === 'internal') return t.errors.internal;
  return error.message;
}

/** Turns a failed action's error into text in the UI's language. */
export function useActionError() {
  const { t } = useI18n();
  return (error: ServerError): string => describeServerError(t, error);
}

/**
 * A stored failure (a model's column, a video) in the UI's language when its code is known, with
 * the service's own words kept as the detail; otherwise just those words.
 */
export function describeFailure(t: Dictionary, failure: { code: string | null; message: string }): { text: string; detail: string | null } {
  const key = upstreamMessageKey(failure.code);
  return key ? { text: t.serverErrors[key], detail: failure.message || null } : { text: failure.message, detail: null };
}
