'use client';

import { ChartColumn, Wallet } from 'lucide-react';
import { useI18n } from '../i18n-provider';
import { TabNav } from '../ui/tab-nav';

export function DashboardTabs() {
  const { t } = useI18n();
  const tabs = [
    { href: '/dashboard', label: t.dashboard.tabs.spend, icon: ChartColumn },
    { href: '/dashboard/budgets', label: t.dashboard.tabs.budgets, icon: Wallet },
  ];
  return <TabNav label={t.dashboard.title} tabs={tabs} className="mb-6" />;
}
