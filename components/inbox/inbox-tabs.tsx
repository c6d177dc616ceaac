'use client';

import { Bell, Stamp } from 'lucide-react';
import { useI18n } from '../i18n-provider';
import { TabNav } from '../ui/tab-nav';

export function InboxTabs() {
  const { t } = useI18n();
  const w = t.review.inbox;
  return (
    <TabNav
      label={w.title}
      tabs={[
        { href: '/inbox', label: w.tabs.notifications, icon: Bell },
        { href: '/inbox/approvals', label: w.tabs.approvals, icon: Stamp },
      ]}
    />
  );
}
