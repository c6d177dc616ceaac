import type { Metadata } from 'next';
import { AlertsCard } from '@/components/settings/alerts-card';
import type { AlertItem } from '@/components/settings/alert-types';
import { spentPercent, type BudgetAlert } from '@/lib/alerts/budgets';
import type { ApprovalAlert } from '@/lib/alerts/approval';
import type { CallAlert } from '@/lib/alerts/calls';
import { alertHistory, alertSettingsOf } from '@/lib/alerts/settings';
import type { WeeklySummary } from '@/lib/alerts/weekly';
import { requireTeamContext } from '@/lib/auth/page-context';
import { atLeast } from '@/lib/auth/roles';
import { appConfig } from '@/lib/config';
import { getI18n } from '@/lib/i18n/server';
import { saveAlerts } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.alerts.tab };
}

export default async function AlertsPage() {
  const ctx = await requireTeamContext();
  const admin = atLeast(ctx.role, 'admin');
  const [{ webhook, ...settings }, history] = await Promise.all([alertSettingsOf(ctx.team.id), alertHistory(ctx.team.id)]);
  const items: AlertItem[] = history.map((event) => {
    // Members see that alerts went out, not where to: no address, no recipient, no delivery error (it can name them).
    const delivery = {
      id: event.id,
      channel: event.channel,
      status: event.status,
      attempts: event.attempts,
      recipients: admin ? event.recipients : null,
      error: admin ? event.error : null,
      firedAt: event.firedAt.toISOString(),
    };
    if (event.rule === 'weekly') {
      const { team, from, to, total, count, previous } = event.payload as unknown as WeeklySummary;
      const week = { from, to, total, count, previous };
      return { ...delivery, rule: 'weekly', kind: 'team', name: team, threshold: 0, limit: '', spent: '', period: from, week };
    }
    if (event.rule === 'approval') {
      const { team, requester, estimate } = event.payload as unknown as ApprovalAlert;
      return { ...delivery, rule: 'approval', kind: 'team', name: team, threshold: 0, limit: '', spent: '', period: '', approval: { requester, estimate } };
    }
    if (event.rule !== 'budget') {
      const alert = event.payload as unknown as CallAlert;
      const calls = { calls: alert.calls, failed: alert.failed, p95Ms: alert.p95Ms };
      return { ...delivery, rule: event.rule, kind: 'team', name: alert.team, threshold: alert.threshold, limit: '', spent: '', period: alert.since, calls };
    }
    const alert = event.payload as unknown as BudgetAlert;
    const kind = alert.subject.split(':')[0] as AlertItem['kind'];
    // Alerts recorded before the share spent was kept: it follows from what they recorded.
    const percent = alert.percent === undefined ? spentPercent(alert.spent, alert.limit) : alert.percent;
    return {
      ...delivery,
      rule: 'budget',
      kind,
      name: alert.name,
      threshold: alert.threshold,
      percent,
      limit: alert.limit,
      spent: alert.spent,
      period: alert.period,
    };
  });
  return (
    <AlertsCard
      key={ctx.team.id}
      settings={{ ...settings, email: settings.saved ? settings.email : true, webhook: webhook ? { masked: admin ? webhook : null } : null }}
      emailAvailable={Boolean(appConfig().smtp)}
      history={items}
      {...(admin ? { save: saveAlerts } : {})}
    />
  );
}
