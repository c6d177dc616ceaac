import type { Metadata } from 'next';
import { ChartColumn } from 'lucide-react';
import { SpendPreview } from '@/components/empty/illustrations';
import { EmptyState } from '@/components/empty/empty-state';
import { PageHeader } from '@/components/page-header';
import { formatCny } from '@/lib/i18n';
import { getI18n } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.nav.dashboard };
}

export default async function DashboardPage() {
  const { locale, t } = await getI18n();
  const zero = formatCny('0', locale);
  return (
    <>
      <PageHeader title={t.nav.dashboard} description={t.pages.dashboard} />
      <EmptyState icon={<ChartColumn />} title={t.emptyTitle.dashboard} description={t.empty.dashboard} badge={t.common.comingSoonTitle}>
        <SpendPreview
          stats={[
            { label: t.studio.thisMonth, value: zero },
            { label: t.studio.today, value: zero },
            { label: t.studio.budget, value: t.studio.budgetUnset },
          ]}
        />
      </EmptyState>
    </>
  );
}
