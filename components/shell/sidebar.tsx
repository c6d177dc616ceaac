'use client';

import type { ActionResult } from '@/lib/auth/action';
import type { TeamSummary, Viewer } from '@/lib/auth/context';
import { BrandMark } from '../brand-mark';
import { InboxBell } from '../inbox/inbox-bell';
import { useI18n } from '../i18n-provider';
import { LocaleSwitch } from '../locale-switch';
import { ThemeToggle } from '../theme-toggle';
import { NavLinks } from './nav-links';
import { TeamSwitcher } from './team-switcher';
import { UserMenu } from './user-menu';

export interface ShellProps {
  user: Viewer;
  activeTeamId: string;
  teams: TeamSummary[];
  actions: {
    switchTeam: (input: { teamId: string }) => Promise<ActionResult<null>>;
    createTeam: (input: { name: string }) => Promise<ActionResult<null>>;
    signOut: () => Promise<void>;
  };
}

/** The shell's navigation column; also the content of the drawer on narrow screens. */
export function Sidebar({ user, activeTeamId, teams, actions, onNavigate }: ShellProps & { onNavigate?: () => void }) {
  const { t } = useI18n();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center justify-between gap-2 pr-3 pl-5">
        <BrandMark name={t.app.name} />
        {!onNavigate && <InboxBell />}
      </div>
      <div className="px-3">
        <TeamSwitcher teams={teams} activeTeamId={activeTeamId} switchTeam={actions.switchTeam} createTeam={actions.createTeam} />
      </div>
      <div className="flex-1 overflow-y-auto px-3 py-5">
        <NavLinks onNavigate={onNavigate} />
      </div>
      <div className="grid gap-2 border-t border-line px-3 py-3">
        <div className="flex items-center justify-between gap-2 px-1">
          <LocaleSwitch side="top" align="start" />
          <ThemeToggle />
        </div>
        <UserMenu user={user} signOut={actions.signOut} />
      </div>
    </div>
  );
}
