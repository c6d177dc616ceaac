import type { ReactNode } from 'react';
import { InboxTabs } from '@/components/inbox/inbox-tabs';
import { PageHeader } from '@/components/page-header';
import { getI18n } from '@/lib/i18n/server';

export default async function InboxLayout({ children }: { children: ReactNode }) {
  const { t } = await getI18n();
  return (
    <>
      <PageHeader title={t.review.inbox.title} description={t.review.inbox.lead} />
      <div className="max-w-3xl">
        <InboxTabs />
        <div className="mt-6">{children}</div>
      </div>
    </>
  );
}
