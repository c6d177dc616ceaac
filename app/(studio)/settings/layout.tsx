import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { SettingsTabs } from '@/components/settings/settings-tabs';
import { requireTeamContext } from '@/lib/auth/page-context';
import { atLeast } from '@/lib/auth/roles';
import { getI18n } from '@/lib/i18n/server';

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const [{ t }, ctx] = await Promise.all([getI18n(), requireTeamContext()]);
  return (
    <>
      <PageHeader title={t.settings.title} description={t.pages.settings} />
      <div className="max-w-3xl">
        <SettingsTabs admin={atLeast(ctx.role, 'admin')} />
        <div className="mt-8">{children}</div>
      </div>
    </>
  );
}
