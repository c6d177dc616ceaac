import { Skeleton } from '@/components/ui/skeleton';
import { getI18n } from '@/lib/i18n/server';

export default async function SettingsLoading() {
  const { t } = await getI18n();
  return (
    <div role="status" aria-busy="true" className="grid gap-6">
      <span className="sr-only">{t.common.loading}</span>
      {[0, 1].map((i) => (
        <div key={i} className="grid gap-4 rounded-card bg-surface p-6 shadow-card">
          <Skeleton className="h-5 w-44" />
          <Skeleton className="h-4 w-full max-w-md" />
          <Skeleton className="mt-2 h-14 w-full" />
        </div>
      ))}
    </div>
  );
}
