import type { Widen } from './widen';

/** English strings of team API keys (lib/i18n/dictionaries/api.zh-CN.ts mirrors them). */
export const apiEn = {
  tab: 'API keys',
  title: 'API keys',
  lead: 'Keys for scripts and pipelines: Atelier’s API speaks the service’s interface at {base}, within the budgets and limits you set here. Every call shows in the library and the dashboard under the key’s name.',
  leadMember: 'Owners and admins make and revoke the team’s API keys. These are the ones that act as you.',
  empty: 'No API keys yet.',
  create: 'New API key',
  name: 'Name',
  namePlaceholder: 'e.g. Nightly catalogue render',
  member: 'Acts as',
  memberHint: 'The key uses this member’s service key and counts against their budget; it stops working if they leave the team.',
  budget: 'Monthly budget (¥, optional)',
  rpm: 'Requests per minute (optional)',
  models: 'Models (optional)',
  modelsHint: 'Leave all unticked to allow every model.',
  expiry: 'Expires after',
  expiries: { never: 'Never', '30': '30 days', '90': '90 days', '365': '1 year' },
  make: 'Create key',
  ready: 'Copy the key now: Atelier keeps only a fingerprint of it and cannot show it again.',
  webhookSecret: 'Webhook signing secret (Standard Webhooks) for your webhook_url',
  done: 'Done',
  spent: '{spent} this month',
  spentOf: '{spent} of {budget} this month',
  perMinute: '{n}/min',
  anyModel: 'any model',
  lastUsed: 'Last used {date}',
  neverUsed: 'Never used',
  expires: 'Expires {date}',
  states: { active: 'Active', revoked: 'Revoked', expired: 'Expired' },
  revoke: 'Revoke',
  revokeTitle: 'Revoke “{name}”?',
  revokeLead: 'Calls with this key are refused from now on. This cannot be undone.',
  revoked: 'Key revoked',
} as const;

export type ApiDictionary = Widen<typeof apiEn>;
