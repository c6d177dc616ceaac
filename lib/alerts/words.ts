import { format, formatCny, type Locale } from '../i18n';
import { approvalAlertWords, type ApprovalAlert } from './approval';
import { spentPercent, type BudgetAlert } from './budgets';
import type { CallAlert } from './calls';
import type { SpendLine, WeeklySummary } from './weekly';

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

/** The share spent and the threshold crossed, worded so that both are true ("97.7% spent, over the 80% alert"). */
function shareSpent(alert: BudgetAlert) {
  // Alerts recorded before the percentage was kept: it follows from what they recorded.
  const percent = alert.percent === undefined ? spentPercent(alert.spent, alert.limit) : alert.percent;
  if (percent === null) return { zh: `已超出 ¥0 预算（${alert.threshold}% 提醒）`, en: `is over a budget of nothing (the ${alert.threshold}% alert)` };
  const at = Number(percent) === alert.threshold;
  return {
    zh: `已用 ${percent}%（${at ? '达到' : '超过'} ${alert.threshold}% 提醒线）`,
    en: `is ${percent}% spent (${at ? 'at' : 'over'} the ${alert.threshold}% alert)`,
  };
}

export function budgetAlertWords(alert: BudgetAlert): { subject: string; text: string } {
  const who = whose(alert);
  const share = shareSpent(alert);
  const zh = `${who.zh}${share.zh}：${alert.period} 已花费 ${formatCny(alert.spent, 'zh-CN')}，预算 ${formatCny(alert.limit, 'zh-CN')}。`;
  const en = `${who.en} ${share.en}: ${formatCny(alert.spent, 'en')} of ${formatCny(alert.limit, 'en')} in ${alert.period}.`;
  return { subject: `Atelier：预算${share.zh} · budget ${share.en.replace(/^is /, '')}`, text: `${zh}\n${en}` };
}

export function callAlertWords(alert: CallAlert): { subject: string; text: string } {
  if (alert.rule === 'failures') {
    const percent = Math.round((alert.failed * 100) / Math.max(alert.calls, 1));
    return {
      subject: `Atelier：调用失败激增 ${percent}% · failure spike ${percent}%`,
      text: `团队「${alert.team}」最近 15 分钟的 ${alert.calls} 次服务调用中有 ${alert.failed} 次失败（${percent}%，阈值 ${alert.threshold}%）。\nIn “${alert.team}”, ${alert.failed} of the last 15 minutes’ ${format('{n} service {n|call|calls}', { n: alert.calls })} failed (${percent}%, threshold ${alert.threshold}%).`,
    };
  }
  const seconds = (alert.p95Ms / 1000).toFixed(1);
  return {
    subject: `Atelier：服务调用变慢 p95 ${seconds} 秒 · slow calls, p95 ${seconds} s`,
    text: `团队「${alert.team}」最近 15 分钟的服务调用 p95 延迟为 ${seconds} 秒（阈值 ${alert.threshold} 秒，共 ${alert.calls} 次）。\nIn “${alert.team}”, the service’s p95 latency over the last 15 minutes was ${seconds} s (threshold ${alert.threshold} s, ${format('{n} {n|call|calls}', { n: alert.calls })}).`,
  };
}

const listed = (lines: SpendLine[], separator: string, locale: Locale) =>
  lines.map((l) => `${l.label} ${formatCny(l.amount, locale)} (${l.count})`).join(separator);

export function weeklySummaryWords(week: WeeklySummary): { subject: string; text: string } {
  const [zhCny, enCny] = [(amount: string) => formatCny(amount, 'zh-CN'), (amount: string) => formatCny(amount, 'en')];
  const zh = [
    `团队「${week.team}」${week.from} 至 ${week.to} 花费 ${zhCny(week.total)}（${week.count} 笔），前一周 ${zhCny(week.previous)}。`,
    ...(week.byModel.length ? [`按模型：${listed(week.byModel, '、', 'zh-CN')}`, `按成员：${listed(week.byMember, '、', 'zh-CN')}`] : []),
  ];
  const en = [
    `“${week.team}” spent ${enCny(week.total)} from ${week.from} to ${week.to} (${format('{n} {n|charge|charges}', { n: week.count })}); the week before, ${enCny(week.previous)}.`,
    ...(week.byModel.length ? [`By model: ${listed(week.byModel, ', ', 'en')}`, `By member: ${listed(week.byMember, ', ', 'en')}`] : []),
  ];
  return {
    subject: `Atelier：每周花费 ${zhCny(week.total)} · weekly spend ${enCny(week.total)} (${week.from} – ${week.to})`,
    text: [...zh, '', ...en].join('\n'),
  };
}

/** The words of any recorded alert, by its rule. */
export function alertWords(rule: 'budget' | 'failures' | 'slow' | 'weekly' | 'approval', payload: unknown): { subject: string; text: string } {
  if (rule === 'budget') return budgetAlertWords(payload as BudgetAlert);
  if (rule === 'approval') return approvalAlertWords(payload as ApprovalAlert);
  return rule === 'weekly' ? weeklySummaryWords(payload as WeeklySummary) : callAlertWords(payload as CallAlert);
}
