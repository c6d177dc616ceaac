'use client';

import { Bell, KeyRound, ScrollText, Share2, SquareTerminal, Users } from 'lucide-react';
import { useI18n } from '../i18n-provider';
import { TabNav } from '../ui/tab-nav';

/** Settings' pages; the decisions' trail is owners' and admins' to read. */
export function SettingsTabs({ admin }: { admin: boolean }) {
  const { t } = useI18n();
  const tabs = [
    { href: '/settings', label: t.settings.keysTab, icon: KeyRound },
    { href: '/settings/team', label: t.settings.teamTab, icon: Users },
    { href: '/settings/shares', label: t.share.settings.tab, icon: Share2 },
    { href: '/settings/api-keys', label: t.api.tab, icon: SquareTerminal },
    { href: '/settings/alerts', label: t.alerts.tab, icon: Bell },
    ...(admin ? [{ href: '/settings/decisions', label: t.review.decisions.title, icon: ScrollText }] : []),
  ];
  return <TabNav label={t.settings.title} tabs={tabs} />;
}
