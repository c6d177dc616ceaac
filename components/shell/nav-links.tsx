'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { ChartColumn, Clapperboard, Images, LayoutGrid, Settings, WandSparkles } from 'lucide-react';
import { useI18n } from '../i18n-provider';
import { cn } from '../ui/cn';

const LINKS = [
  { href: '/edit', key: 'edit', icon: WandSparkles },
  { href: '/compare', key: 'compare', icon: LayoutGrid },
  { href: '/videos', key: 'videos', icon: Clapperboard },
  { href: '/library', key: 'library', icon: Images },
  { href: '/dashboard', key: 'dashboard', icon: ChartColumn },
  { href: '/settings', key: 'settings', icon: Settings },
] as const;

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useI18n();
  const pathname = usePathname();
  return (
    <nav aria-label={t.nav.main}>
      <ul className="grid gap-0.5">
        {LINKS.map(({ href, key, icon: Icon }) => {
          const active = pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={href}>
              <Link
                href={href}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'focus-ring flex h-9 items-center gap-3 rounded-control px-2.5 text-sm transition-colors',
                  active ? 'bg-surface font-medium text-ink shadow-card' : 'text-ink-muted hover:bg-subtle hover:text-ink',
                )}
              >
                <Icon className={cn('size-[17px]', active ? 'text-accent' : 'text-ink-subtle')} />
                {t.nav[key]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
