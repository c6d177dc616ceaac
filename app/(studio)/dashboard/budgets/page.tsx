import type { Metadata } from 'next';
import { BudgetsForm } from '@/components/dashboard/budgets-form';
import { requireTeamContext } from '@/lib/auth/page-context';
import { atLeast } from '@/lib/auth/roles';
import { getI18n } from '@/lib/i18n/server';
import { pageBudgetStatus } from '@/lib/ledger/budgets';
import { saveBudgets } from './save-budgets';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: `${t.dashboard.budgets.title} · ${t.dashboard.title}` };
}

export default async function BudgetsPage() {
  const ctx = await requireTeamContext();
  const status = await pageBudgetStatus(ctx);
  return <BudgetsForm status={status} canEdit={atLeast(ctx.role, 'admin')} timeZones={timeZones(status.timeZone)} save={saveBudgets} />;
}

/** The team's zone, then the ones our users mostly pick, then every other zone. */
const COMMON = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Singapore',
  'Asia/Tokyo',
  'UTC',
  'Europe/London',
  'America/Los_Angeles',
  'America/New_York',
];
function timeZones(current: string): string[] {
  return [...new Set([current, ...COMMON, ...Intl.supportedValuesOf('timeZone')])];
}
