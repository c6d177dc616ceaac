'use server';

import { revalidatePath } from 'next/cache';
import { alertSettingsSchema, saveAlertSettings } from '@/lib/alerts/settings';
import { teamAction } from '@/lib/auth/action';

/** Saves the team's alert rules (owners and admins); a new webhook's signing secret is answered this once. */
export const saveAlerts = teamAction(alertSettingsSchema, 'admin', async (ctx, input) => {
  const saved = await saveAlertSettings(ctx, input);
  revalidatePath('/settings/alerts');
  return saved;
});
