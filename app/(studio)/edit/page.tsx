import type { Metadata } from 'next';
import { WandSparkles } from 'lucide-react';
import { EmptyState } from '@/components/empty/empty-state';
import { UploadDropZone } from '@/components/empty/upload-drop-zone';
import { PageHeader } from '@/components/page-header';
import { getI18n } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.nav.edit };
}

export default async function EditPage() {
  const { t } = await getI18n();
  return (
    <>
      <PageHeader title={t.nav.edit} description={t.pages.edit} />
      <EmptyState icon={<WandSparkles />} title={t.emptyTitle.edit} description={t.empty.edit} badge={t.common.comingSoonTitle}>
        <UploadDropZone title={t.studio.dropImage} hint={t.studio.dropHint} />
      </EmptyState>
    </>
  );
}
