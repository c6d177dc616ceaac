import type { Metadata } from 'next';
import { LayoutGrid } from 'lucide-react';
import { CompareSlots } from '@/components/empty/illustrations';
import { EmptyState } from '@/components/empty/empty-state';
import { PageHeader } from '@/components/page-header';
import { format } from '@/lib/i18n';
import { getI18n } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.nav.compare };
}

export default async function ComparePage() {
  const { t } = await getI18n();
  return (
    <>
      <PageHeader title={t.nav.compare} description={t.pages.compare} />
      <EmptyState icon={<LayoutGrid />} title={t.emptyTitle.compare} description={t.empty.compare} badge={t.common.comingSoonTitle}>
        <CompareSlots labels={[1, 2, 3, 4].map((n) => format(t.studio.model, { n }))} />
      </EmptyState>
    </>
  );
}
