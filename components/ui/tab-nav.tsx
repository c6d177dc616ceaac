'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { LucideIcon } from 'lucide-react';
import { cn } from './cn';

export interface Tab {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** Tabs that are links (one page each), underlined where the current path is. */
export function TabNav({ label, tabs, className }: { label: string; tabs: Tab[]; className?: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className={cn('flex gap-1 overflow-x-auto border-b border-line', className)}>
      {tabs.map(({ href, label: text, icon: Icon }) => {
        const active = pathname === href;
        return (
          <Link
            key={href}
            href={href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'focus-ring -mb-px flex shrink-0 items-center gap-2 rounded-t-control border-b-2 px-3 pt-1 pb-2.5 text-sm whitespace-nowrap transition-colors',
              active ? 'border-accent font-medium text-ink' : 'border-transparent text-ink-muted hover:text-ink',
            )}
          >
            <Icon className={cn('size-4', active ? 'text-accent' : 'text-ink-subtle')} />
            {text}
          </Link>
        );
      })}
    </nav>
  );
}
