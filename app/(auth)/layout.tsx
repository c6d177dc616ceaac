import type { ReactNode } from 'react';
import Link from 'next/link';
import { BrandMark } from '@/components/brand-mark';
import { LocaleSwitch } from '@/components/locale-switch';
import { ThemeToggle } from '@/components/theme-toggle';
import { getI18n } from '@/lib/i18n/server';

/** Signed-out pages: a centred card on a quiet backdrop, with language and theme always at hand. */
export default async function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = await getI18n();
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--accent-soft),transparent_70%)]" />
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[linear-gradient(var(--line)_1px,transparent_1px),linear-gradient(90deg,var(--line)_1px,transparent_1px)] mask-[radial-gradient(40rem_28rem_at_50%_20%,black,transparent)] bg-[size:32px_32px] opacity-50"
      />
      <header className="relative flex items-center justify-between px-5 py-4 sm:px-8">
        <Link href="/" className="focus-ring rounded-control">
          <BrandMark name={t.app.name} />
        </Link>
        <div className="flex items-center gap-2">
          <LocaleSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main className="relative flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">{children}</main>
      <footer className="relative px-6 pb-6 text-center text-xs text-ink-subtle">{t.app.tagline}</footer>
    </div>
  );
}
