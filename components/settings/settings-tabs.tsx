'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { KeyRound, Users } from 'lucide-react';
import { useI18n } from '../i18n-provider';
import { cn } from '../ui/cn';

export function SettingsTabs() {
  const { t } = useI18n();
  const pathname = usePathname();
  const tabs = [
    { href: '/settings', label: t.settings.keysTab, icon: KeyRound },
    { href: '/settings/team', label: t.settings.teamTab, icon: Users },
  ];
  return (
    <nav aria-label={t.settings.title} className="flex gap-1 border-b border-line">
      {tabs.map(({ href, label, icon: Icon }) => {
        const active = pathname === href;
        return (
          <Link
            key={href}
            href={href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'focus-ring -mb-px flex items-center gap-2 rounded-t-control border-b-2 px-3 pt-1 pb-2.5 text-sm transition-colors',
              active ? 'border-accent font-medium text-ink' : 'border-transparent text-ink-muted hover:text-ink',
            )}
          >
            <Icon className={cn('size-4', active ? 'text-accent' : 'text-ink-subtle')} />
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
