'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Dictionary, Locale } from '@/lib/i18n';

const I18nContext = createContext<{ locale: Locale; t: Dictionary } | null>(null);

/** Hands the request's dictionary (resolved on the server) to client components. */
export function I18nProvider({ locale, dictionary, children }: { locale: Locale; dictionary: Dictionary; children: ReactNode }) {
  return <I18nContext.Provider value={{ locale, t: dictionary }}>{children}</I18nContext.Provider>;
}

export function useI18n() {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n() needs <I18nProvider> above it');
  return value;
}
