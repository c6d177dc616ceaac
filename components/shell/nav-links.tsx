'use client';

import { usePathname } from 'next/navigation';
import { ChartColumn, Clapperboard, Images, LayoutGrid, Settings, WandSparkles } from 'lucide-react';
import { useI18n } from '../i18n-provider';
import { IconLink, type IconLinkLook } from '../ui/icon-link';

const LINKS = [
  { href: '/edit', key: 'edit', icon: WandSparkles },
  { href: '/compare', key: 'compare', icon: LayoutGrid },
  { href: '/videos', key: 'videos', icon: Clapperboard },
  { href: '/library', key: 'library', icon: Images },
  { href: '/dashboard', key: 'dashboard', icon: ChartColumn },
  { href: '/settings', key: 'settings', icon: Settings },
] as const;

const NAV_LINK: IconLinkLook = {
  base: 'focus-ring flex h-9 items-center gap-3 rounded-control px-2.5 text-sm transition-colors',
  current: 'bg-surface font-medium text-ink shadow-card',
  other: 'text-ink-muted hover:bg-subtle hover:text-ink',
  icon: 'size-[17px]',
};

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useI18n();
  const pathname = usePathname();
  return (
    <nav aria-label={t.nav.main}>
      <ul className="grid gap-0.5">
        {LINKS.map(({ href, key, icon }) => (
          <li key={href}>
            <IconLink href={href} icon={icon} current={pathname === href || pathname.startsWith(`${href}/`)} look={NAV_LINK} onClick={onNavigate}>
              {t.nav[key]}
            </IconLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
