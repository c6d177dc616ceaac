import type { ReactNode } from 'react';
import Link from 'next/link';
import { BrandMark } from '@/components/brand-mark';
import { LocaleSwitch } from '@/components/locale-switch';
import { ThemeToggle } from '@/components/theme-toggle';
import { getI18n } from '@/lib/i18n/server';

/** Public share pages: no studio shell and no session, only the brand, language and theme. */
export default async function ShareLayout({ children }: { children: ReactNode }) {
  const { t } = await getI18n();
  const [before, after] = t.share.page.madeWith.split('{app}');
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-3 border-b border-line bg-surface/70 px-4 py-3 backdrop-blur sm:px-8">
        <Link href="/" className="focus-ring rounded-control">
          <BrandMark name={t.app.name} />
        </Link>
        <div className="flex items-center gap-2">
          <LocaleSwitch compact />
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-8 pb-16 sm:px-8 lg:pt-12">{children}</main>
      <footer className="px-6 pb-8 text-center text-xs text-ink-subtle">
        {before}
        <Link href="/" className="font-medium text-ink-muted hover:text-accent">
          {t.app.name}
        </Link>
        {after}
      </footer>
    </div>
  );
}
