import type { Metadata } from 'next';
import { Images } from 'lucide-react';
import { LibraryGrid } from '@/components/empty/illustrations';
import { EmptyState } from '@/components/empty/empty-state';
import { PageHeader } from '@/components/page-header';
import { getI18n } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.nav.library };
}

export default async function LibraryPage() {
  const { t } = await getI18n();
  return (
    <>
      <PageHeader title={t.nav.library} description={t.pages.library} />
      <EmptyState icon={<Images />} title={t.emptyTitle.library} description={t.empty.library} badge={t.common.comingSoonTitle}>
        <LibraryGrid />
      </EmptyState>
    </>
  );
}
