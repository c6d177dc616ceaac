import { PageHeaderSkeleton } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { getI18n } from '@/lib/i18n/server';

export default async function StudioLoading() {
  const { t } = await getI18n();
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{t.common.loading}</span>
      <PageHeaderSkeleton />
      <Skeleton className="h-[26rem] w-full rounded-card" />
    </div>
  );
}
