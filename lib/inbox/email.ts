import { createTransport } from 'nodemailer';
import type PgBoss from 'pg-boss';
import { appConfig } from '../config';
import type { Database } from '../db/client';
import type { NotificationKind } from '../db/generated/enums';
import { formatCny } from '../i18n';
import { log } from '../observability/log';
import { schedulePeriodic } from '../queue';

// Inbox items by email, for members away from Atelier: once a minute, each member with unread items
// not yet emailed, and no session seen for 15 minutes, gets one email listing them (both languages).
// An item read in the app first is never emailed. Approvals asked of owners and admins go out on the
// team's alert channels at once instead (lib/alerts/approval.ts), so they are not emailed here again.

export const AWAY_MINUTES = 15;
const INBOX_EMAIL_QUEUE = 'inbox.email';

interface Pending {
  id: string;
  userId: string;
  email: string;
  kind: NotificationKind;
  team: string;
  actor: string | null;
  body: string | null;
  prompt: string | null;
  status: string | null;
  estimate: string | null;
  reason: string | null;
}

const WORDS: Record<Exclude<NotificationKind, 'approval_asked'>, { zh: (p: Pending) => string; en: (p: Pending) => string }> = {
  mention: {
    zh: (p) => `${p.actor ?? '有人'} 在「${p.team}」提到了你：${p.body ?? ''}`,
    en: (p) => `${p.actor ?? 'Someone'} mentioned you in “${p.team}”: ${p.body ?? ''}`,
  },
  reply: {
    zh: (p) => `${p.actor ?? '有人'} 回复了你参与的讨论：${p.body ?? ''}`,
    en: (p) => `${p.actor ?? 'Someone'} replied in a thread you are in: ${p.body ?? ''}`,
  },
  approval_decided: {
    zh: (p) =>
      `你约 ${formatCny(p.estimate ?? '0', 'zh-CN')} 的请求「${p.prompt ?? ''}」：${STATUS_ZH[p.status ?? ''] ?? p.status}${p.reason ? `（${p.reason}）` : ''}`,
    en: (p) =>
      `Your request of about ${formatCny(p.estimate ?? '0', 'en')}, “${p.prompt ?? ''}”: ${(p.status ?? '').replace('_', ' ')}${p.reason ? ` (${p.reason})` : ''}`,
  },
};
const STATUS_ZH: Record<string, string> = {
  approved: '已批准',
  declined: '已拒绝',
  expired: '已过期',
  refused: '未能运行',
  void: '已失效',
  completed: '已完成',
};

/** Emails every member who is away and has unread, unemailed items; answers how many emails went. */
export async function emailAwayMembers({ prisma }: Database, now = new Date()): Promise<number> {
  const smtp = appConfig().smtp;
  if (!smtp) return 0;
  const pending = await prisma.$queryRaw<Pending[]>`
    SELECT n.id::text, n."userId"::text, u.email, n.kind::text AS kind, t.name AS team, coalesce(nullif(a.name, ''), a.email) AS actor,
           left(c.body, 300) AS body, left(r.prompt, 160) AS prompt, r.status::text AS status, r.estimate::text AS estimate, r.reason
    FROM "Notification" n
    JOIN "User" u ON u.id = n."userId"
    JOIN "Team" t ON t.id = n."teamId"
    LEFT JOIN "User" a ON a.id = n."actorId"
    LEFT JOIN "Comment" c ON c.id = n."commentId"
    LEFT JOIN "ApprovalRequest" r ON r.id = n."approvalId"
    WHERE n."readAt" IS NULL AND n."emailedAt" IS NULL AND n.kind <> 'approval_asked'
      AND NOT EXISTS (SELECT 1 FROM "UserSession" s WHERE s."userId" = n."userId" AND s."revokedAt" IS NULL
                      AND s."lastSeenAt" > ${now}::timestamp - make_interval(mins => ${AWAY_MINUTES}))
    ORDER BY n."userId", n."createdAt"
    LIMIT 500`;
  const byMember = new Map<string, Pending[]>();
  for (const item of pending) byMember.set(item.userId, [...(byMember.get(item.userId) ?? []), item]);
  let sent = 0;
  for (const listed of byMember.values()) {
    // Claimed before sending (two runs at once send each item once), given back if the send fails.
    const claimed = new Set(
      (
        await prisma.$queryRaw<Array<{ id: string }>>`
          UPDATE "Notification" SET "emailedAt" = ${now} WHERE id = ANY(${listed.map((i) => i.id)}::uuid[]) AND "emailedAt" IS NULL AND "readAt" IS NULL
          RETURNING id::text`
      ).map((row) => row.id),
    );
    const items = listed.filter((item) => claimed.has(item.id));
    if (items.length === 0) continue;
    const lines = items.map((p) => ({ zh: WORDS[p.kind as keyof typeof WORDS].zh(p), en: WORDS[p.kind as keyof typeof WORDS].en(p) }));
    const transport = createTransport(smtp.url, { connectionTimeout: 10_000, socketTimeout: 10_000 });
    try {
      await transport.sendMail({
        from: smtp.from,
        to: items[0].email,
        subject: `Atelier：${items.length} 条新消息 · ${items.length} new in your inbox`,
        text: [...lines.map((l) => `• ${l.zh}`), '', ...lines.map((l) => `• ${l.en}`), '', `${appConfig().publicUrl}/inbox`].join('\n'),
      });
      sent++;
    } catch (error) {
      log().warn({ err: error, userId: items[0].userId }, 'inbox: could not email a member');
      await prisma.notification.updateMany({ where: { id: { in: items.map((i) => i.id) } }, data: { emailedAt: null } });
    } finally {
      transport.close();
    }
  }
  return sent;
}

export async function registerInboxJobs(boss: PgBoss, database: Database): Promise<void> {
  await schedulePeriodic(boss, INBOX_EMAIL_QUEUE, '* * * * *', async () => {
    await emailAwayMembers(database);
  });
}
