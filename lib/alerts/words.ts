import type { BudgetAlert } from './budgets';
import type { CallAlert } from './calls';

// What an alert says, in both of the studio's languages (an email carries both; the webhook's
// `text` too, Chinese first: most teams read it).

const whose = (alert: BudgetAlert) => {
  const [kind] = alert.subject.split(':');
  return kind === 'team'
    ? { zh: `团队「${alert.team}」的月度预算`, en: `The team “${alert.team}” monthly budget` }
    : kind === 'member'
      ? { zh: `${alert.name} 在团队「${alert.team}」的月度预算`, en: `${alert.name}’s monthly budget in “${alert.team}”` }
      : { zh: `团队「${alert.team}」的 API 密钥「${alert.name}」的月度预算`, en: `The monthly budget of API key “${alert.name}” in “${alert.team}”` };
};

export function budgetAlertWords(alert: BudgetAlert): { subject: string; text: string } {
  const who = whose(alert);
  const zh = `${who.zh}已用 ${alert.threshold}%：${alert.period} 已花费 ¥${alert.spent}，预算 ¥${alert.limit}。`;
  const en = `${who.en} is ${alert.threshold}% spent: ¥${alert.spent} of ¥${alert.limit} in ${alert.period}.`;
  return { subject: `Atelier：预算已用 ${alert.threshold}% · budget ${alert.threshold}% spent`, text: `${zh}\n${en}` };
}

export function callAlertWords(alert: CallAlert): { subject: string; text: string } {
  if (alert.rule === 'failures') {
    const percent = Math.round((alert.failed * 100) / Math.max(alert.calls, 1));
    return {
      subject: `Atelier：调用失败激增 ${percent}% · failure spike ${percent}%`,
      text: `团队「${alert.team}」最近 15 分钟的 ${alert.calls} 次服务调用中有 ${alert.failed} 次失败（${percent}%，阈值 ${alert.threshold}%）。\nIn “${alert.team}”, ${alert.failed} of the last 15 minutes’ ${alert.calls} service calls failed (${percent}%, threshold ${alert.threshold}%).`,
    };
  }
  const seconds = (alert.p95Ms / 1000).toFixed(1);
  return {
    subject: `Atelier：服务调用变慢 p95 ${seconds} 秒 · slow calls, p95 ${seconds} s`,
    text: `团队「${alert.team}」最近 15 分钟的服务调用 p95 延迟为 ${seconds} 秒（阈值 ${alert.threshold} 秒，共 ${alert.calls} 次）。\nIn “${alert.team}”, the service’s p95 latency over the last 15 minutes was ${seconds} s (threshold ${alert.threshold} s, ${alert.calls} calls).`,
  };
}

/** The words of any recorded alert, by its rule. */
export function alertWords(rule: 'budget' | 'failures' | 'slow', payload: unknown): { subject: string; text: string } {
  return rule === 'budget' ? budgetAlertWords(payload as BudgetAlert) : callAlertWords(payload as CallAlert);
}
