'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { ChevronsUpDown, LogOut, Settings, Users } from 'lucide-react';
import type { Viewer } from '@/lib/auth/context';
import { useI18n } from '../i18n-provider';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../ui/menu';
import { Avatar } from './avatar';

export function UserMenu({ user, signOut }: { user: Viewer; signOut: () => Promise<void> }) {
  const { t } = useI18n();
  const router = useRouter();
  const [, startTransition] = useTransition();
  return (
    <Menu
      label={t.shell.account}
      side="top"
      className="w-full"
      triggerClassName="flex w-full items-center gap-2.5 rounded-control p-1.5 text-left hover:bg-subtle aria-expanded:bg-subtle"
      trigger={
        <>
          <Avatar id={user.id} name={user.name} shape="round" />
          <span className="grid min-w-0 flex-1 leading-tight">
            <span className="truncate text-[13px] font-medium text-ink">{user.name}</span>
            <span className="truncate text-xs text-ink-subtle">{user.email}</span>
          </span>
          <ChevronsUpDown className="size-4 text-ink-subtle" />
        </>
      }
    >
      {(close) => (
        <>
          <MenuLabel>{t.shell.account}</MenuLabel>
          <MenuItem icon={<Settings />} onSelect={() => (close(), router.push('/settings'))}>
            {t.settings.keysTab}
          </MenuItem>
          <MenuItem icon={<Users />} onSelect={() => (close(), router.push('/settings/team'))}>
            {t.settings.teamTab}
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<LogOut />} onSelect={() => (close(), startTransition(() => signOut()))}>
            {t.shell.signOut}
          </MenuItem>
        </>
      )}
    </Menu>
  );
}
