import Link from 'next/link';
import { Compass } from 'lucide-react';
import { BrandMark } from '@/components/brand-mark';
import { StatusPanel } from '@/components/status-panel';
import { buttonClass } from '@/components/ui/button';
import { getI18n } from '@/lib/i18n/server';

export default async function NotFound() {
  const { t } = await getI18n();
  return (
    <main className="grid min-h-dvh place-items-center px-6 py-16">
      <div className="grid justify-items-center gap-10">
        <BrandMark name={t.app.name} />
        <StatusPanel icon={<Compass />} code="404" title={t.common.notFound} description={t.common.notFoundLead}>
          <Link href="/" className={buttonClass('primary')}>
            {t.common.backToStudio}
          </Link>
        </StatusPanel>
      </div>
    </main>
  );
}
