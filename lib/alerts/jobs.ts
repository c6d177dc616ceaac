import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { enqueue, ensureQueue, schedulePeriodic } from '../queue';
import { evaluateBudgetAlerts, teamsWithAlerts } from './budgets';
import { deliverAlert, giveUpAlert } from './deliver';

// Alerts run as jobs, so one alert goes out however many replicas and workers run: the evaluation
// is scheduled once a minute (pg-boss sends each cron tick once), and even two evaluations at once
// record an alert once (AlertEvent's unique index). Each delivery is its own job, retried after
// about 1 s, 2 s, 4 s, … for six attempts.

export const ALERT_QUEUES = { evaluate: 'alerts.evaluate', deliver: 'alerts.deliver' } as const;
const RETRY_LIMIT = 5;

const deliverJob = z.object({ eventId: z.uuid() });

/** Evaluates every team's alerts now and queues what fired. */
export async function evaluateAlerts(): Promise<number> {
  let queued = 0;
  for (const teamId of await teamsWithAlerts()) {
    for (const eventId of await evaluateBudgetAlerts(teamId)) {
      await enqueue(ALERT_QUEUES.deliver, { eventId }, { id: eventId });
      queued++;
    }
  }
  return queued;
}

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
  await schedulePeriodic(boss, ALERT_QUEUES.evaluate, '* * * * *', async () => {
    await evaluateAlerts();
  });
}
