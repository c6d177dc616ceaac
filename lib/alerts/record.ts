import type { AlertChannel, AlertRule } from '../db/generated/enums';
import { db } from '../runtime';

/**
 * Records an alert on each channel, once: the row for (team, rule, subject, threshold, period,
 * channel) is written by whichever evaluation gets there first, and only that one delivers it.
 * Returns the ids this call wrote (none for `superseded`, which is recorded and never sent).
 */
export async function recordAlert(alert: {
  teamId: string;
  rule: AlertRule;
  subject: string;
  threshold: number;
  period: string;
  channels: AlertChannel[];
  payload: object;
  superseded?: boolean;
}): Promise<string[]> {
  const prisma = await db();
  const created: string[] = [];
  for (const channel of alert.channels) {
    const rows = await prisma.$queryRaw<Array<{ id: string }>>`
      INSERT INTO "AlertEvent" ("id", "teamId", "rule", "subject", "threshold", "period", "channel", "status", "payload")
      VALUES (gen_random_uuid(), ${alert.teamId}::uuid, ${alert.rule}::"AlertRule", ${alert.subject}, ${alert.threshold}, ${alert.period},
              ${channel}::"AlertChannel", ${alert.superseded ? 'superseded' : 'pending'}::"AlertDelivery", ${JSON.stringify(alert.payload)}::jsonb)
      ON CONFLICT ("teamId", "rule", "subject", "threshold", "period", "channel") DO NOTHING
      RETURNING "id"::text`;
    if (rows.length > 0 && !alert.superseded) created.push(rows[0].id);
  }
  return created;
}
