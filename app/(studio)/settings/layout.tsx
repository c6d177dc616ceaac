import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { SettingsTabs } from '@/components/settings/settings-tabs';
import { getI18n } from '@/lib/i18n/server';

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const { t } = await getI18n();
  return (
    <>
      <PageHeader title={t.settings.title} description={t.pages.settings} />
      <div className="max-w-3xl">
        <SettingsTabs />
        <div className="mt-8">{children}</div>
      </div>
    </>
  );
}
