import { CardsSkeleton } from '@/components/ui/skeleton';
import { getI18n } from '@/lib/i18n/server';

export default async function SettingsLoading() {
  const { t } = await getI18n();
  return <CardsSkeleton cards={2} label={t.common.loading} />;
}
