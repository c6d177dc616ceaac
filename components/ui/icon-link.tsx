'use client';

import Link from 'next/link';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

/** How one kind of navigation link looks: always, when it is the current page, and otherwise. */
export interface IconLinkLook {
  base: string;
  current: string;
  other: string;
  icon: string;
}

/** A navigation link led by its icon, marked as the current page for assistive technology and the eye. */
export function IconLink({
  href,
  icon: Icon,
  current,
  look,
  onClick,
  children,
}: {
  href: string;
  icon: LucideIcon;
  current: boolean;
  look: IconLinkLook;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Link href={href} onClick={onClick} aria-current={current ? 'page' : undefined} className={cn(look.base, current ? look.current : look.other)}>
      <Icon className={cn(look.icon, current ? 'text-accent' : 'text-ink-subtle')} />
      {children}
    </Link>
  );
}
