import type { Dictionary } from './dictionaries/en';

// What the browser may import: locales, formatting, and the Dictionary type. The dictionaries
// themselves are read on the server (dictionary.ts) and handed down for the reader's language only.

export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export type { Dictionary };

export const LOCALE_COOKIE = 'atelier-locale';

/**
 * The user's explicit choice (cookie) wins; otherwise the browser's preference order decides,
 * with Chinese as the fallback since most of our users read it first.
 */
export function resolveLocale(cookieValue: string | undefined, acceptLanguage: string | null): Locale {
  if (cookieValue && (LOCALES as readonly string[]).includes(cookieValue)) return cookieValue as Locale;
  const preferences = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((p) => p.tag && p.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of preferences) {
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return 'zh-CN';
}

/** Formats CNY amounts given as decimal strings, without floating-point drift in display. */
export function formatCny(amount: string | number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(Number(amount));
}

/**
 * Fills `{name}` placeholders: format('Join {team}', { team: 'Ink' }). `{name|one|other}` is a word
 * that agrees with a count: format('{n} {n|video|videos}', { n: 1 }) is "1 video" (English needs
 * it; Chinese has no plural). Unknown names stay as written.
 */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (match, name: string, one?: string, other?: string) => {
    if (!(name in values)) return match;
    if (one === undefined || other === undefined) return String(values[name]);
    return String(values[name]) === '1' ? one : other;
  });
}
