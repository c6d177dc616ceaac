import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { cookies, headers } from 'next/headers';
import { GeistMono } from 'geist/font/mono';
import { GeistSans } from 'geist/font/sans';
import { HydrationMark } from '@/components/hydration-mark';
import { I18nProvider } from '@/components/i18n-provider';
import { THEME_COOKIE, parseTheme } from '@/components/theme';
import { ThemeProvider } from '@/components/theme-provider';
import { ThemeScript } from '@/components/theme-script';
import { ToastProvider } from '@/components/ui/toast';
import { appConfig } from '@/lib/config';
import { getI18n } from '@/lib/i18n/server';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return {
    metadataBase: new URL(appConfig().publicUrl),
    title: { default: t.app.name, template: `%s · ${t.app.name}` },
    description: t.app.tagline,
    // A link to Atelier shared anywhere shows the brand card; share pages show their result instead.
    openGraph: { siteName: t.app.name, images: [{ url: '/og.png', width: 1200, height: 630 }] },
    icons: { apple: '/apple-touch-icon.png' },
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#fbfbfd' },
    { media: '(prefers-color-scheme: dark)', color: '#131418' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [{ locale, t }, jar, requestHeaders] = await Promise.all([getI18n(), cookies(), headers()]);
  // The `dark` class is owned by ThemeScript/ThemeProvider, never rendered here, so a
  // re-render (e.g. after switching language) cannot strip it.
  return (
    <html lang={locale} className={`${GeistSans.variable} ${GeistMono.variable}`} suppressHydrationWarning>
      <head>
        <ThemeScript nonce={requestHeaders.get('x-nonce') ?? undefined} />
      </head>
      <body className="min-h-dvh bg-canvas font-sans text-sm text-ink antialiased">
        <I18nProvider locale={locale} dictionary={t}>
          <ThemeProvider initialTheme={parseTheme(jar.get(THEME_COOKIE)?.value)}>
            <ToastProvider>{children}</ToastProvider>
            <HydrationMark />
          </ThemeProvider>
        </I18nProvider>
      </body>
    </html>
  );
}
