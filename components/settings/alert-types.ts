import type { ActionResult } from '@/lib/auth/action';

/** One alert that went out (or did not) on one channel, as Settings → Alerts lists it. */
export interface AlertItem {
  id: string;
  rule: 'budget' | 'failures' | 'slow' | 'weekly' | 'approval';
  /** Budgets: whose. Calls and summaries: always the team. */
  kind: 'team' | 'member' | 'key';
  name: string;
  threshold: number;
  /** Budgets: how much of the budget was spent when it fired, in percent ("97.7"); null for a budget of 0. */
  percent?: string | null;
  limit: string;
  spent: string;
  /** Budgets: the month it belongs to, "2026-11"; calls: when the episode began (ISO). */
  period: string;
  /** Calls: the 15 minutes it was judged on. */
  calls?: { calls: number; failed: number; p95Ms: number };
  /** Weekly summaries: the week and what it cost. */
  week?: { from: string; to: string; total: string; count: number; previous: string };
  /** Approvals: who asked, for about how much. */
  approval?: { requester: string; estimate: string };
  channel: 'email' | 'webhook';
  status: 'pending' | 'delivered' | 'failed' | 'superseded';
  attempts: number;
  recipients: string | null;
  error: string | null;
  /** ISO time, shown in the viewer's zone. */
  firedAt: string;
}

export interface AlertSettingsView {
  budgetThresholds: number[];
  email: boolean;
  /** Whether a team webhook is set; its address, masked, for owners and admins only. */
  webhook: { masked: string | null } | null;
  failurePercent: number | null;
  slowP95Seconds: number | null;
  callsAtLeast: number;
  weeklySummary: boolean;
}

/** The rules as the form saves them: `webhookUrl` a new address, null to remove it, absent to keep it. */
export type AlertSettingsSave = Omit<AlertSettingsView, 'webhook'> & { webhookUrl?: string | null };

export type SaveAlerts = (input: AlertSettingsSave) => Promise<ActionResult<{ webhookSecret: string | null }>>;
