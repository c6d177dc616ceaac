import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { enqueue, ensureQueue, schedulePeriodic } from '../queue';
import { channelsOf } from './channels';
import { ALERT_QUEUES } from './queues';
import { SETTLED } from '../generations/lifecycle';
import { db } from '../runtime';
import { evaluateBudgetAlerts } from './budgets';
import { evaluateCallAlerts } from './calls';
import { teamsWithAlerts } from './settings';
import { deliverAlert, giveUpAlert } from './deliver';
import { evaluateWeeklySummary } from './weekly';

// Alerts run as jobs, so one alert goes out however many replicas and workers run. A team is
// evaluated as soon as it spends, and every team once a minute (pg-boss sends each cron tick once);
// even two evaluations at once record an alert once (AlertEvent's unique index). Each delivery is
// its own job, retried after about 1 s, 2 s, 4 s, … for six attempts.

export { ALERT_QUEUES };

const RETRY_LIMIT = 5;

const deliverJob = z.object({ eventId: z.uuid() });

/** Evaluates one team's alerts and queues what fired; `now` is the clock the weekly summary goes by. */
export async function evaluateTeamAlerts(teamId: string, now = new Date()): Promise<number> {
  const prisma = await db();
  const settings = await prisma.alertSettings.findUnique({ where: { teamId }, include: { team: { select: { id: true, name: true, timeZone: true } } } });
  if (!settings) return 0;
  const channels = channelsOf(settings);
  const fired = [
    ...(await evaluateBudgetAlerts(teamId, settings.budgetThresholds, channels)),
    ...(await evaluateCallAlerts(teamId, settings.team.name, settings, channels)),
    ...(await evaluateWeeklySummary(settings.team, settings.weeklySummarySince, channels, now)),
  ];
  for (const eventId of fired) await enqueue(ALERT_QUEUES.deliver, { eventId }, { id: eventId });
  return fired.length;
}

/** Evaluates every team's alerts now and queues what fired. */
export async function evaluateAlerts(): Promise<number> {
  let queued = 0;
  for (const teamId of await teamsWithAlerts()) queued += await evaluateTeamAlerts(teamId);
  return queued;
}

const teamJob = z.object({ teamId: z.uuid() });

export async function registerAlertJobs(boss: PgBoss): Promise<void> {
  await ensureQueue(boss, { name: ALERT_QUEUES.deliver, retryLimit: RETRY_LIMIT, retryDelay: 1, retryBackoff: true, expireInSeconds: 60 });
  await boss.work(ALERT_QUEUES.deliver, { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true }, async ([job]) => {
    const { eventId } = deliverJob.parse(job.data);
    try {
      await deliverAlert(eventId);
    } catch (error) {
      if (job.retryCount >= job.retryLimit) await giveUpAlert(eventId);
      throw error;
    }
  });
  // A team that just spent is evaluated within seconds (the lifecycle announces each settlement).
  await ensureQueue(boss, { name: ALERT_QUEUES.evaluateTeam, policy: 'stately', retryLimit: 2 });
  await boss.subscribe(SETTLED, ALERT_QUEUES.evaluateTeam);
  await boss.work(ALERT_QUEUES.evaluateTeam, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    await evaluateTeamAlerts(teamJob.parse(job.data).teamId);
  });
  await schedulePeriodic(boss, ALERT_QUEUES.evaluate, '* * * * *', async () => {
    await evaluateAlerts();
  });
}
