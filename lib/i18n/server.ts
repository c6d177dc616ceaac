import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { dictionaryFor } from './dictionary';
import { LOCALE_COOKIE, resolveLocale, type Dictionary, type Locale } from './index';

/** The request's locale (cookie first, else Accept-Language), resolved once per render. */
export const getLocale = cache(async (): Promise<Locale> => {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  return resolveLocale(jar.get(LOCALE_COOKIE)?.value, head.get('accept-language'));
});

/** For server components: the locale and its dictionary. */
export async function getI18n(): Promise<{ locale: Locale; t: Dictionary }> {
  const locale = await getLocale();
  return { locale, t: dictionaryFor(locale) };
}
