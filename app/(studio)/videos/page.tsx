import type { Metadata } from 'next';
import { Clapperboard } from 'lucide-react';
import { VideoStrip } from '@/components/empty/illustrations';
import { EmptyState } from '@/components/empty/empty-state';
import { PageHeader } from '@/components/page-header';
import { getI18n } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.nav.videos };
}

export default async function VideosPage() {
  const { t } = await getI18n();
  return (
    <>
      <PageHeader title={t.nav.videos} description={t.pages.videos} />
      <EmptyState icon={<Clapperboard />} title={t.emptyTitle.videos} description={t.empty.videos} badge={t.common.comingSoonTitle}>
        <VideoStrip />
      </EmptyState>
    </>
  );
}
