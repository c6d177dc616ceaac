import type { ReactNode } from 'react';
import { ServerStateProvider } from '@/components/server-state';
import { MobileBar } from '@/components/shell/mobile-bar';
import { Sidebar, type ShellProps } from '@/components/shell/sidebar';
import { BudgetWarning } from '@/components/dashboard/budget-warning';
import { requireTeamContext } from '@/lib/auth/page-context';
import { atLeast } from '@/lib/auth/roles';
import { getI18n } from '@/lib/i18n/server';
import { pageBudgetStatus } from '@/lib/ledger/budgets';
import { createTeamAction } from './create-team';
import { signOutAction } from './sign-out';
import { switchTeam } from './switch-team';

/** The studio shell: a sidebar on wide screens, a top bar with a drawer on narrow ones. */
export default async function StudioLayout({ children }: { children: ReactNode }) {
  const ctx = await requireTeamContext();
  // Owners and admins are told when a budget nears its limit, wherever they are in the studio.
  const [budgets, { t, locale }] = await Promise.all([atLeast(ctx.role, 'admin') ? pageBudgetStatus(ctx) : null, getI18n()]);
  const shell: ShellProps = {
    user: ctx.user,
    activeTeamId: ctx.team.id,
    teams: ctx.teams,
    actions: { switchTeam, createTeam: createTeamAction, signOut: signOutAction },
  };
  return (
    // The query cache holds the shell's inbox count and the pages' polls and pages of results alike.
    <ServerStateProvider>
      <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="hidden border-r border-line bg-surface/70 lg:block">
          <div className="sticky top-0 h-dvh">
            <Sidebar {...shell} />
          </div>
        </aside>
        <MobileBar {...shell} />
        <main id="main" className="min-w-0">
          <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-8 lg:px-12 lg:pt-10">
            {budgets && <BudgetWarning status={budgets} t={t} locale={locale} />}
            {children}
          </div>
        </main>
      </div>
    </ServerStateProvider>
  );
}
