'use client';

import { CONTROL_CHARACTER } from '@/lib/text/refusal';
import { useI18n } from '../i18n-provider';
import { useBoardRunner } from './board-runner';

/** The current run's error for one field, in the UI's language (schema messages are dictionary keys). */
export function useFieldError() {
  const { t } = useI18n();
  const { error } = useBoardRunner();
  return (field: string): string | undefined => {
    if (error?.kind !== 'fields') return undefined;
    const key = error.fields[field];
    if (!key) return undefined;
    if (key === CONTROL_CHARACTER) return t.errors.controlCharacter;
    return key in t.compare.errors ? t.compare.errors[key as keyof typeof t.compare.errors] : key;
  };
}
