/** The alert queues (lib/alerts/jobs.ts works them); apart, so that what spends can name them cheaply. */
export const ALERT_QUEUES = { evaluate: 'alerts.evaluate', evaluateTeam: 'alerts.evaluate-team', deliver: 'alerts.deliver' } as const;
