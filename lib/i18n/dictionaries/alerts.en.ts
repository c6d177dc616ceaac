import type { Widen } from './widen';

/** English strings of Settings → Alerts (lib/i18n/dictionaries/alerts.zh-CN.ts mirrors them). */
export const alertsEn = {
  tab: 'Alerts',
  title: 'Budget alerts',
  lead: 'A warning before a budget runs out: when the team’s, a member’s or an API key’s monthly spend crosses a threshold, an alert goes out once that month.',
  leadMember: 'Owners and admins set the team’s alerts. This is what they send and what went out.',
  thresholds: 'Thresholds (% of each budget)',
  thresholdsHint: 'Up to five, e.g. 50, 80, 100. Several crossed at once send the highest.',
  email: 'Email the owners and admins',
  emailHint: 'In Chinese and English.',
  emailOff: 'Email needs SMTP_URL on the server: the webhook alone is used until it is set.',
  webhook: 'Team webhook (optional)',
  webhookHint: 'A Slack-compatible URL: it receives {"text": …} signed Standard-Webhooks style. Public addresses only.',
  save: 'Save alerts',
  saved: 'Alerts saved',
  secret: 'The webhook’s signing secret (shown once)',
  done: 'Done',
  history: 'Sent alerts',
  historyEmpty: 'No alert has fired yet.',
  subjects: { team: 'Team budget', member: '{name}’s budget', key: 'API key “{name}”' },
  crossed: '{threshold}% of ¥{limit} (¥{spent} spent, {period})',
  channels: { email: 'Email', webhook: 'Webhook' },
  states: { pending: 'Sending', delivered: 'Delivered', failed: 'Failed', superseded: 'Not sent: a higher threshold went out' },
  to: 'to {recipients}',
  attempts: '{n} attempts',
  fired: 'fired {date}',
} as const;

export type AlertsDictionary = Widen<typeof alertsEn>;
