'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ChevronsUpDown, Plus } from 'lucide-react';
import type { ActionResult } from '@/lib/auth/action';
import type { TeamSummary } from '@/lib/auth/context';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../ui/menu';
import { Spinner } from '../ui/spinner';
import { Avatar } from './avatar';
import { CreateTeamDialog } from './create-team-dialog';

interface TeamSwitcherProps {
  teams: TeamSummary[];
  activeTeamId: string;
  switchTeam: (input: { teamId: string }) => Promise<ActionResult<null>>;
  createTeam: (input: { name: string }) => Promise<ActionResult<null>>;
}

export function TeamSwitcher({ teams, activeTeamId, switchTeam, createTeam }: TeamSwitcherProps) {
  const { t } = useI18n();
  const router = useRouter();
  const { run, pending, toast } = useAction();
  const [creating, setCreating] = useState(false);
  const active = teams.find((team) => team.id === activeTeamId) ?? teams[0];

  const choose = (team: TeamSummary) =>
    run(
      () => switchTeam({ teamId: team.id }),
      () => {
        toast(format(t.shell.switchedTeam, { team: team.name }));
        router.refresh();
      },
    );

  return (
    <>
      <Menu
        label={t.shell.switchTeam}
        className="w-full min-w-60"
        triggerClassName="flex w-full items-center gap-2.5 rounded-control p-1.5 text-left hover:bg-subtle aria-expanded:bg-subtle"
        trigger={
          <>
            <Avatar id={active.id} name={active.name} />
            <span className="grid min-w-0 flex-1 leading-tight">
              <span className="truncate text-[13px] font-medium text-ink">{active.name}</span>
              <span className="truncate text-xs text-ink-subtle">{active.personal && active.role === 'owner' ? t.shell.personal : t.roles[active.role]}</span>
            </span>
            {pending ? <Spinner className="text-ink-subtle" /> : <ChevronsUpDown className="size-4 text-ink-subtle" />}
          </>
        }
      >
        {(close) => (
          <>
            <MenuLabel>{t.shell.teams}</MenuLabel>
            <div className="max-h-72 overflow-y-auto">
              {teams.map((team) => (
                <MenuItem
                  key={team.id}
                  checked={team.id === active.id}
                  icon={<Avatar id={team.id} name={team.name} size="sm" />}
                  onSelect={() => (close(), team.id !== active.id && choose(team))}
                >
                  <span className="flex items-center gap-2">
                    <span className="truncate">{team.name}</span>
                    <span className="shrink-0 text-xs text-ink-subtle">{team.personal && team.role === 'owner' ? t.shell.personal : t.roles[team.role]}</span>
                  </span>
                </MenuItem>
              ))}
            </div>
            <MenuSeparator />
            <MenuItem icon={<Plus />} onSelect={() => (close(), setCreating(true))}>
              {t.shell.createTeam}
            </MenuItem>
          </>
        )}
      </Menu>
      <CreateTeamDialog open={creating} onClose={() => setCreating(false)} createTeam={createTeam} />
    </>
  );
}
