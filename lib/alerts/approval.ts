import type { GenerationKind } from '../db/generated/enums';
import { formatCny } from '../i18n';
import { enqueue } from '../queue';
import { db } from '../runtime';
import { channelsOf } from './channels';
import { ALERT_QUEUES } from './queues';
import { recordAlert } from './record';

// "A request waits for your approval", on the team's alert channels: recorded once per request and
// channel (AlertEvent's unique index), delivered and retried like every alert.

export interface ApprovalAlert {
  approvalId: string;
  team: string;
  requester: string;
  kind: GenerationKind;
  prompt: string;
  estimate: string;
  threshold: string;
  /** Where an owner or admin decides it. */
  url: string;
}

export async function alertApprovalAsked(teamId: string, alert: ApprovalAlert): Promise<number> {
  const settings = await (await db()).alertSettings.findUnique({ where: { teamId }, select: { email: true, webhookUrl: true } });
  const channels = channelsOf(settings);
  if (channels.length === 0) return 0;
  const fired = await recordAlert({
    teamId,
    rule: 'approval',
    subject: `approval:${alert.approvalId}`,
    threshold: 0,
    period: 'asked',
    channels,
    payload: alert,
  });
  for (const eventId of fired) await enqueue(ALERT_QUEUES.deliver, { eventId }, { id: eventId });
  return fired.length;
}

const KIND = {
  edit: { zh: '编辑', en: 'an edit' },
  comparison: { zh: '对比画板', en: 'a board' },
  video: { zh: '视频', en: 'a video' },
} as const;

export function approvalAlertWords(alert: ApprovalAlert): { subject: string; text: string } {
  const kind = KIND[alert.kind];
  const [zh, en] = [formatCny(alert.estimate, 'zh-CN'), formatCny(alert.estimate, 'en')];
  const above = { zh: formatCny(alert.threshold, 'zh-CN'), en: formatCny(alert.threshold, 'en') };
  return {
    subject: `Atelier：${alert.requester} 的${kind.zh}（约 ${zh}）等待审批 · ${alert.requester}’s request (about ${en}) needs approval`,
    text: [
      `团队「${alert.team}」的 ${alert.requester} 提交了${kind.zh}请求，预估 ${zh}，超过需审批的 ${above.zh}：「${alert.prompt}」。`,
      `批准或拒绝：${alert.url}`,
      '',
      `${alert.requester} in “${alert.team}” asked for ${kind.en} estimated at ${en}, above the ${above.en} that needs an owner’s or admin’s approval: “${alert.prompt}”.`,
      `Approve or decline: ${alert.url}`,
    ].join('\n'),
  };
}
