import type { ActionResult } from '@/lib/auth/action';

/** One alert that went out (or did not) on one channel, as Settings → Alerts lists it. */
export interface AlertItem {
  id: string;
  rule: 'budget' | 'failures' | 'slow';
  /** Budgets: whose. Calls: always the team. */
  kind: 'team' | 'member' | 'key';
  name: string;
  threshold: number;
  limit: string;
  spent: string;
  /** Budgets: the month it belongs to, "2026-11"; calls: when the episode began (ISO). */
  period: string;
  /** Calls: the 15 minutes it was judged on. */
  calls?: { calls: number; failed: number; p95Ms: number };
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
  webhookUrl: string | null;
  failurePercent: number | null;
  slowP95Seconds: number | null;
  callsAtLeast: number;
}

export type SaveAlerts = (input: AlertSettingsView) => Promise<ActionResult<{ webhookSecret: string | null }>>;
