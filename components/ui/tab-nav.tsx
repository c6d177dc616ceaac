'use client';

import { usePathname } from 'next/navigation';
import type { LucideIcon } from 'lucide-react';
import { cn } from './cn';
import { IconLink, type IconLinkLook } from './icon-link';

export interface Tab {
  href: string;
  label: string;
  icon: LucideIcon;
}

const TAB: IconLinkLook = {
  base: 'focus-ring -mb-px flex shrink-0 items-center gap-2 rounded-t-control border-b-2 px-3 pt-1 pb-2.5 text-sm whitespace-nowrap transition-colors',
  current: 'border-accent font-medium text-ink',
  other: 'border-transparent text-ink-muted hover:text-ink',
  icon: 'size-4',
};

/** Tabs that are links (one page each), underlined where the current path is; on a narrow screen they wrap, none cut off. */
export function TabNav({ label, tabs, className }: { label: string; tabs: Tab[]; className?: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className={cn('flex flex-wrap gap-x-1 border-b border-line', className)}>
      {tabs.map(({ href, label: text, icon }) => (
        <IconLink key={href} href={href} icon={icon} current={pathname === href} look={TAB}>
          {text}
        </IconLink>
      ))}
    </nav>
  );
}
