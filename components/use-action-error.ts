'use client';

import type { ActionResult } from '@/lib/auth/action';
import { format, formatCny, type Dictionary, type Locale } from '@/lib/i18n';
import { upstreamMessageKey } from '@/lib/upstream/error-keys';
import { useI18n } from './i18n-provider';

type ActionError = Extract<ActionResult<unknown>, { ok: false }>['error'];

/** What a refusal carries, from an action result or a route's JSON error body. */
export type ServerError = Pick<ActionError, 'code' | 'message' | 'key' | 'values'>;

/** The values of a refusal that are amounts in CNY (a budget's estimate, limit and what is left). */
const AMOUNTS = new Set(['estimate', 'limit', 'left']);

/** A refusal's values, its amounts written as every amount is (formatCny, in the dictionary's language). */
function readable(t: Dictionary, values: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, AMOUNTS.has(name) ? formatCny(value, t.locale as Locale) : value]));
}

/** A server refusal in the UI's language; never a raw internal error. */
export function describeServerError(t: Dictionary, error: ServerError): string {
  // lib/ names its refusals with a key of the dictionary (typed: lib/errors.ts MessageKey).
  const known = error.key ? t.serverErrors[error.key] : undefined;
  if (known) return format(known, readable(t, error.values ?? {}));
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
