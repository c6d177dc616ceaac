import { Link2Off } from 'lucide-react';
import { StatusPanel } from '@/components/status-panel';
import { getI18n } from '@/lib/i18n/server';

/** One answer for a wrong, revoked or expired link: the visitor cannot tell which. */
export default async function ShareNotFound() {
  const { t } = await getI18n();
  return (
    <div className="grid place-items-center py-16">
      <StatusPanel icon={<Link2Off />} code="404" title={t.share.page.goneTitle} description={t.share.page.goneLead} />
    </div>
  );
}
