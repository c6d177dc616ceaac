import type { BudgetAlert } from './budgets';

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
