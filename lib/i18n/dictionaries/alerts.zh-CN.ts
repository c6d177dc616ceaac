import type { AlertsDictionary } from './alerts.en';

/** 设置 → 提醒的中文文案（与 alerts.en.ts 一一对应）。 */
export const alertsZhCN: AlertsDictionary = {
  tab: '提醒',
  title: '预算提醒',
  lead: '在预算用完之前提醒：当团队、成员或 API 密钥的月度花费越过阈值时，当月只发送一次提醒。',
  leadMember: '团队的提醒由所有者和管理员设置。以下是提醒的设置和已发送的记录。',
  thresholds: '阈值（各预算的百分比）',
  thresholdsHint: '最多五个，例如 50, 80, 100。同时越过多个阈值时只发送最高的一个。',
  email: '发送邮件给所有者和管理员',
  emailHint: '中英双语。',
  emailOff: '发送邮件需要在服务器上设置 SMTP_URL：在此之前只使用 Webhook。',
  webhook: '团队 Webhook（可选）',
  webhookHint: '兼容 Slack 的地址：接收以 Standard Webhooks 方式签名的 {"text": …}。仅限公网地址。',
  save: '保存提醒',
  saved: '提醒已保存',
  secret: 'Webhook 签名密钥（仅显示一次）',
  done: '完成',
  history: '已发送的提醒',
  historyEmpty: '还没有触发过提醒。',
  subjects: { team: '团队预算', member: '{name} 的预算', key: 'API 密钥「{name}」' },
  crossed: '已用 ¥{limit} 的 {threshold}%（已花费 ¥{spent}，{period}）',
  channels: { email: '邮件', webhook: 'Webhook' },
  states: { pending: '发送中', delivered: '已送达', failed: '发送失败', superseded: '未发送：已发送更高的阈值' },
  to: '发送至 {recipients}',
  attempts: '尝试 {n} 次',
  fired: '触发于 {date}',
};
