'use client';

import { Monitor, Moon, Sun } from 'lucide-react';
import { useI18n } from './i18n-provider';
import { useTheme } from './theme-provider';
import type { Theme } from './theme';
import { cn } from './ui/cn';

const OPTIONS = [
  { value: 'light', icon: Sun, key: 'themeLight' },
  { value: 'dark', icon: Moon, key: 'themeDark' },
  { value: 'system', icon: Monitor, key: 'themeSystem' },
] as const satisfies ReadonlyArray<{ value: Theme; key: string; icon: unknown }>;

/** A three-way segmented control: light, dark, or follow the system. */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useI18n();
  const { theme, setTheme } = useTheme();
  return (
    <div role="radiogroup" aria-label={t.shell.theme} className={cn('inline-flex rounded-control bg-subtle p-0.5 ring-1 ring-line ring-inset', className)}>
      {OPTIONS.map(({ value, icon: Icon, key }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={theme === value}
          aria-label={t.shell[key]}
          title={t.shell[key]}
          onClick={() => setTheme(value)}
          className={cn(
            'focus-ring grid h-7 w-8 place-items-center rounded-[0.4rem] transition-colors',
            theme === value ? 'bg-surface text-ink shadow-sm ring-1 ring-line' : 'text-ink-subtle hover:text-ink',
          )}
        >
          <Icon className="size-3.5" />
        </button>
      ))}
    </div>
  );
}
