import { appConfig } from '../config';
import type { AlertChannel } from '../db/generated/enums';

/** Where a team's alerts go: the owners' and admins' email (when the operator set SMTP_URL) and the team webhook, as saved; none without settings. */
export function channelsOf(settings: { email: boolean; webhookUrl: string | null } | null): AlertChannel[] {
  if (!settings) return [];
  return [...(settings.email && appConfig().smtp ? (['email'] as const) : []), ...(settings.webhookUrl ? (['webhook'] as const) : [])];
}
