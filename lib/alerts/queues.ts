/** The alerts' queues: evaluation (every team once a minute, and a team as soon as it spends) and each delivery. */
export const ALERT_QUEUES = { evaluate: 'alerts.evaluate', evaluateTeam: 'alerts.evaluate-team', deliver: 'alerts.deliver' } as const;
