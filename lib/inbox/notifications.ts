import type { TeamContext } from '../auth/context';
import type { Prisma } from '../db/generated/client';
import type { NotificationKind } from '../db/generated/enums';
import { db } from '../runtime';

// A member's inbox: mentions, replies on their threads, approvals asked of them and decided on their
// requests. Written by the feature that causes each, in its own transaction; read by the bell (an
// unread count every client polls, so every replica serves it alike) and the inbox page.

type Tx = Prisma.TransactionClient;

export interface NewNotification {
  teamId: string;
  /** Whose inbox. */
  userId: string;
  kind: NotificationKind;
  actorId: string | null;
  commentId?: string;
  approvalId?: string;
  outputId?: string;
}

/** Writes inbox items, none for the person who caused them, one per person and subject. */
export async function notify(tx: Tx, items: NewNotification[]): Promise<number> {
  const seen = new Set<string>();
  const rows = items.filter((item) => {
    const key = `${item.userId}:${item.kind}:${item.commentId ?? item.approvalId}`;
    if (item.userId === item.actorId || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (rows.length === 0) return 0;
  const { count } = await tx.notification.createMany({ data: rows });
  return count;
}

/**
 * Tells someone again about a subject they already have an item for (a request approved, then
 * refused when it ran): the one item comes back unread, as new, instead of a second one.
 */
export async function notifyAgain(tx: Tx, item: NewNotification & { approvalId: string }): Promise<void> {
  const { count } = await tx.notification.updateMany({
    where: { userId: item.userId, kind: item.kind, approvalId: item.approvalId },
    data: { readAt: null, emailedAt: null, createdAt: new Date(), actorId: item.actorId },
  });
  if (count === 0) await notify(tx, [item]);
}

export interface InboxItem {
  id: string;
  kind: NotificationKind;
  at: string;
  read: boolean;
  actor: string | null;
  /** Where it leads. */
  href: string;
  /** A comment's first words (a mention or a reply). */
  excerpt: string | null;
  /** An approval's kind, estimate and state (asked or decided). */
  approval: { kind: string; estimate: string; status: string; prompt: string; reason: string | null; reasonKey: string | null } | null;
}

const PAGE = 50;

/** The newest items of the member's inbox in the active team, `PAGE` at a time. */
export async function inboxOf(ctx: TeamContext, before?: Date): Promise<{ items: InboxItem[]; unread: number; more: boolean }> {
  const prisma = await db();
  const where = { userId: ctx.user.id, teamId: ctx.team.id };
  const [rows, unread] = await Promise.all([
    prisma.notification.findMany({
      where: { ...where, ...(before ? { createdAt: { lt: before } } : {}) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: PAGE + 1,
      include: {
        comment: { select: { body: true, outputId: true, threadId: true, deletedAt: true } },
        approval: { select: { kind: true, estimate: true, status: true, prompt: true, reason: true, reasonKey: true } },
      },
    }),
    unreadCount(ctx),
  ]);
  const actors = await prisma.user.findMany({
    where: { id: { in: [...new Set(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])))] } },
    select: { id: true, name: true, email: true },
  });
  const names = new Map(actors.map((a) => [a.id, a.name || a.email]));
  const items = rows.slice(0, PAGE).map((r) => ({
    id: r.id,
    kind: r.kind,
    at: r.createdAt.toISOString(),
    read: r.readAt !== null,
    actor: r.actorId ? (names.get(r.actorId) ?? null) : null,
    href: hrefOf(r),
    excerpt: r.comment ? (r.comment.deletedAt ? null : r.comment.body.slice(0, 160)) : null,
    approval: r.approval
      ? {
          kind: r.approval.kind,
          estimate: r.approval.estimate.toString(),
          status: r.approval.status,
          prompt: r.approval.prompt.slice(0, 160),
          reason: r.approval.reason,
          reasonKey: r.approval.reasonKey,
        }
      : null,
  }));
  return { items, unread, more: rows.length > PAGE };
}

function hrefOf(row: {
  kind: NotificationKind;
  outputId: string | null;
  commentId: string | null;
  approvalId: string | null;
  comment: { threadId: string | null } | null;
}) {
  if (row.outputId && row.commentId) return `/library/${row.outputId}?thread=${row.comment?.threadId ?? row.commentId}`;
  if (row.approvalId) return `/inbox/approvals#${row.approvalId}`;
  return '/inbox';
}

/** The member's unread items in the active team: what the bell shows. */
export async function unreadCount(ctx: Pick<TeamContext, 'user' | 'team'>): Promise<number> {
  return (await db()).notification.count({ where: { userId: ctx.user.id, teamId: ctx.team.id, readAt: null } });
}

/** Marks the member's items read: the ones named, or all of them. */
export async function markRead(ctx: TeamContext, ids: string[] | 'all'): Promise<number> {
  const { count } = await (
    await db()
  ).notification.updateMany({
    where: { userId: ctx.user.id, teamId: ctx.team.id, readAt: null, ...(ids === 'all' ? {} : { id: { in: ids } }) },
    data: { readAt: new Date() },
  });
  return count;
}
