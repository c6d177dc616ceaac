import { ArrowLeft } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { buttonClass } from './ui/button';

/** "← Back": a detail page's quiet link to the list it was opened from. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={buttonClass('ghost', 'sm')}>
      <ArrowLeft />
      {children}
    </Link>
  );
}
