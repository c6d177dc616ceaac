import type { ReactNode } from 'react';
import { DashboardTabs } from '@/components/dashboard/dashboard-tabs';
import { PageHeader } from '@/components/page-header';
import { requireTeamContext } from '@/lib/auth/page-context';
import { atLeast } from '@/lib/auth/roles';
import { getI18n } from '@/lib/i18n/server';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const [ctx, { t }] = await Promise.all([requireTeamContext(), getI18n()]);
  return (
    <>
      <PageHeader title={t.dashboard.title} description={atLeast(ctx.role, 'admin') ? t.dashboard.description : t.dashboard.descriptionMine} />
      <DashboardTabs />
      {children}
    </>
  );
}
