import { PageHeaderSkeleton } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { getI18n } from '@/lib/i18n/server';

export default async function VideoLoading() {
  const { t } = await getI18n();
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{t.common.loading}</span>
      <PageHeaderSkeleton />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="aspect-video w-full rounded-card" />
        <Skeleton className="h-96 w-full rounded-card" />
      </div>
    </div>
  );
}
