import { PageHeaderSkeleton } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { getI18n } from '@/lib/i18n/server';

export default async function VideosLoading() {
  const { t } = await getI18n();
  return (
    <div role="status" aria-busy="true" className="grid gap-8">
      <span className="sr-only">{t.common.loading}</span>
      <div>
        <PageHeaderSkeleton />
        <Skeleton className="h-80 w-full rounded-card" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="aspect-[4/3] w-full rounded-card" />
        ))}
      </div>
    </div>
  );
}
