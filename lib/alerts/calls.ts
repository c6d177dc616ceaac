import type { AlertChannel } from '../db/generated/enums';
import { CANCELLED } from '../request-log/query';
import { db } from '../runtime';
import { recordAlert } from './record';

// Failure spikes and slow calls, from the request log (every call to the service, studio or API):
// judged on the last 15 minutes once there were enough calls. Each is an episode: it alerts when
// it starts (the evaluation that sets `failingSince` / `slowSince` first, however many run) and
// again only after it has cleared. It clears once the condition is gone and it began more than a
// window ago: an evaluation that read the log a moment early cannot end an episode just begun, and
// a spike that comes and goes within minutes alerts once.

export interface CallAlert {
  rule: 'failures' | 'slow';
  team: string;
  calls: number;
  failed: number;
  /** The service's p95 latency, ms. */
  p95Ms: number;
  /** The rule's threshold: a percentage of failures, or seconds of p95. */
  threshold: number;
  /** When the episode started (ISO). */
  since: string;
}

interface Rules {
  failurePercent: number | null;
  slowP95Seconds: number | null;
  callsAtLeast: number;
}

const WINDOW_MS = 15 * 60_000;

/**
 * The last 15 minutes of a team's calls to the service. A call its member cancelled is left out:
 * it is no failure, and its time is how long they waited, not how long the service took.
 */
async function recentCalls(teamId: string): Promise<{ calls: number; failed: number; p95Ms: number }> {
  const prisma = await db();
  const [stats] = await prisma.$queryRaw<Array<{ calls: number; failed: number; p95: number | null }>>`
    SELECT count(*)::int AS calls,
           count(*) FILTER (WHERE "status" = 0 OR "status" >= 400 OR "errorCode" IS NOT NULL)::int AS failed,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY "upstreamMs")::float8 AS p95
    FROM "RequestLog" WHERE "teamId" = ${teamId}::uuid AND "createdAt" > now() - interval '15 minutes'
      AND NOT ("status" = 0 AND "errorCode" IS NOT DISTINCT FROM ${CANCELLED})`;
  return { calls: stats.calls, failed: stats.failed, p95Ms: Math.round(stats.p95 ?? 0) };
}

/** Starts or clears each episode; returns the ids of alerts this call wrote. */
export async function evaluateCallAlerts(teamId: string, team: string, rules: Rules, channels: AlertChannel[]): Promise<string[]> {
  if (channels.length === 0 || (rules.failurePercent === null && rules.slowP95Seconds === null)) return [];
  const stats = await recentCalls(teamId);
  const enough = stats.calls >= rules.callsAtLeast;
  const episodes = [
    {
      rule: 'failures' as const,
      threshold: rules.failurePercent,
      on: rules.failurePercent !== null && enough && stats.failed * 100 >= rules.failurePercent * stats.calls,
      since: 'failingSince' as const,
    },
    {
      rule: 'slow' as const,
      threshold: rules.slowP95Seconds,
      on: rules.slowP95Seconds !== null && enough && stats.p95Ms >= rules.slowP95Seconds * 1000,
      since: 'slowSince' as const,
    },
  ];
  const prisma = await db();
  const created: string[] = [];
  for (const episode of episodes) {
    if (!episode.on) {
      const begunBefore = new Date(Date.now() - WINDOW_MS);
      await prisma.alertSettings.updateMany({ where: { teamId, [episode.since]: { lt: begunBefore } }, data: { [episode.since]: null } });
      continue;
    }
    const since = new Date();
    const { count } = await prisma.alertSettings.updateMany({ where: { teamId, [episode.since]: null }, data: { [episode.since]: since } });
    if (count === 0) continue; // already under way, alerted when it began
    const payload: CallAlert = { rule: episode.rule, team, ...stats, threshold: episode.threshold!, since: since.toISOString() };
    created.push(
      ...(await recordAlert({
        teamId,
        rule: episode.rule,
        subject: 'team',
        threshold: Math.round(episode.threshold!),
        period: payload.since,
        channels,
        payload,
      })),
    );
  }
  return created;
}
