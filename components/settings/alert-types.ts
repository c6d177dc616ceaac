import type { ActionResult } from '@/lib/auth/action';

/** One alert that went out (or did not) on one channel, as Settings → Alerts lists it. */
export interface AlertItem {
  id: string;
  kind: 'team' | 'member' | 'key';
  name: string;
  threshold: number;
  limit: string;
  spent: string;
  /** The month it belongs to, "2026-11". */
  period: string;
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
}

export type SaveAlerts = (input: AlertSettingsView) => Promise<ActionResult<{ webhookSecret: string | null }>>;
