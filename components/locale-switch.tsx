'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { Languages } from 'lucide-react';
import { LOCALE_COOKIE, LOCALES, type Locale } from '@/lib/i18n';
import { useI18n } from './i18n-provider';
import { Menu, MenuItem } from './ui/menu';
import { Spinner } from './ui/spinner';
import { cn } from './ui/cn';

const NAME_KEY = { 'zh-CN': 'zhCN', en: 'en' } as const;

/** A cookie the server reads on the next render; a year, like any language preference. */
function rememberLocale(next: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
}

/** Sets the language cookie and re-renders on the server; works signed in or out. */
export function LocaleSwitch({ side = 'bottom', align = 'end', compact = false }: { side?: 'top' | 'bottom'; align?: 'start' | 'end'; compact?: boolean }) {
  const { locale, t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const choose = (next: Locale) => {
    rememberLocale(next);
    startTransition(() => router.refresh());
  };

  return (
    <Menu
      label={t.shell.language}
      side={side}
      align={align}
      className="min-w-40"
      triggerClassName={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-control px-2 text-[13px] text-ink-muted hover:bg-subtle hover:text-ink',
        compact && 'w-8 justify-center px-0',
      )}
      trigger={
        <>
          {pending ? <Spinner /> : <Languages className="size-4" />}
          {!compact && <span>{t.locales[NAME_KEY[locale]]}</span>}
        </>
      }
    >
      {(close) =>
        LOCALES.map((option) => (
          <MenuItem key={option} checked={option === locale} onSelect={() => (close(), choose(option))}>
            <span lang={option}>{t.locales[NAME_KEY[option]]}</span>
          </MenuItem>
        ))
      }
    </Menu>
  );
}
