'use client';

import { Activity, ChartColumn, Wallet } from 'lucide-react';
import { useI18n } from '../i18n-provider';
import { TabNav } from '../ui/tab-nav';

export function DashboardTabs() {
  const { t } = useI18n();
  const tabs = [
    { href: '/dashboard', label: t.dashboard.tabs.spend, icon: ChartColumn },
    { href: '/dashboard/budgets', label: t.dashboard.tabs.budgets, icon: Wallet },
    { href: '/dashboard/requests', label: t.dashboard.tabs.requests, icon: Activity },
  ];
  return <TabNav label={t.dashboard.title} tabs={tabs} className="mb-6" />;
}
