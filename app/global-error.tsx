'use client';

// Replaces the root layout when it fails, so it brings its own <html> and picks the language itself.
import { LOCALE_COOKIE, resolveLocale } from '@/lib/i18n';
import { errorPage } from '@/lib/i18n/dictionaries/error-page';
import './globals.css';

function locale() {
  if (typeof document === 'undefined') return 'zh-CN' as const;
  const cookie = document.cookie.match(new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]*)`))?.[1];
  return resolveLocale(cookie, navigator.languages.join(','));
}

export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  const current = locale();
  const t = errorPage[current];
  return (
    <html lang={current} suppressHydrationWarning>
      <body className="grid min-h-dvh place-items-center bg-canvas px-6 font-sans text-ink">
        <div className="grid max-w-sm justify-items-center gap-3 text-center">
          <h1 className="text-lg font-semibold" suppressHydrationWarning>
            {t.errorTitle}
          </h1>
          <p className="text-sm text-ink-muted" suppressHydrationWarning>
            {t.errorLead}
          </p>
          <button type="button" onClick={retry} className="mt-2 h-9 rounded-control bg-accent px-4 text-sm font-medium text-accent-fg" suppressHydrationWarning>
            {t.errorRetry}
          </button>
        </div>
      </body>
    </html>
  );
}
