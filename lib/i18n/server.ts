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

/** Models as the reader should see them: our description in their language for a model we know, else the service's own. */
export function describeModels<M extends { id: string; description?: string }>(t: Dictionary, models: M[]): M[] {
  return models.map((model) => {
    const ours = Object.hasOwn(t.modelDescriptions, model.id) ? t.modelDescriptions[model.id] : undefined;
    return ours ? { ...model, description: ours } : model;
  });
}
