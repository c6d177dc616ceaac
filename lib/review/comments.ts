import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { recordDecision } from '../audit/decisions';
import type { Prisma } from '../db/generated/client';
import { AppError } from '../errors';
import { notify, type NewNotification } from '../inbox/notifications';
import { db } from '../runtime';
import { promptText } from '../text';
import type { Anchor } from './anchor';
import { teamResult, type ResultSubject } from './subject';

// Comments on a result, in threads. A thread's first comment may be pinned: a point or a box in the
// result's own pixels (so it stays on that spot at any zoom, on any screen), and on a video a time,
// optionally with a point. Everyone in the team comments, replies, resolves and reopens; people
// edit their own words; authors and admins delete. Mentions are member ids chosen in a picker:
// each mentioned member is told, and so is everyone in a thread when it gets a reply.

export const MAX_COMMENT_CHARS = 4000;
const pixel = z.int().min(0).max(65_535);

/** Where on the result: all of it (nothing), a point, a box, or a time on a video (with a point, or not). */
export const anchorSchema: z.ZodType<Anchor> = z
  .object({
    x: pixel.optional(),
    y: pixel.optional(),
    w: z.int().min(1).max(65_535).optional(),
    h: z.int().min(1).max(65_535).optional(),
    t: z.number().min(0).max(36_000).optional(),
  })
  .refine((a) => (a.x === undefined) === (a.y === undefined), 'A point needs both x and y.')
  .refine((a) => (a.w === undefined) === (a.h === undefined), 'A box needs both its width and height.')
  .refine((a) => a.w === undefined || a.x !== undefined, 'A box needs its corner (x, y).');
export type { Anchor };

const body = promptText().trim().min(1, 'Write something first.').max(MAX_COMMENT_CHARS, `A comment is at most ${MAX_COMMENT_CHARS} characters.`);
const mentions = z.array(z.uuid()).max(20, 'Mention at most 20 members.').default([]);

export const newCommentSchema = z.object({
  body,
  mentions,
  /** A reply to this thread; absent: a new thread. */
  threadId: z.uuid().optional(),
  /** A new thread's pin. */
  anchor: anchorSchema.optional(),
});
export type NewComment = z.infer<typeof newCommentSchema>;

export const editCommentSchema = z.object({ body, mentions });

/** A pin must lie on the result: inside the picture, and a time on a video only. */
function checkAnchor(anchor: Anchor, result: ResultSubject): void {
  const fail = (message: string) => new AppError('invalid_input', message, { key: 'pinOutside', fields: { anchor: message } });
  if (anchor.t !== undefined && !result.video) throw fail('A time can only be pinned on a video.');
  if (anchor.x === undefined || result.width === null || result.height === null) return;
  const right = anchor.x + (anchor.w ?? 1);
  const bottom = anchor.y! + (anchor.h ?? 1);
  if (right > result.width || bottom > result.height) throw fail(`The pin is outside the ${result.width}×${result.height} picture.`);
}

/** The mentioned ids that are members of the team (anyone else is refused, not silently dropped). */
async function membersAmong(tx: Prisma.TransactionClient, teamId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await tx.membership.findMany({ where: { teamId, userId: { in: unique } }, select: { userId: true } });
  if (found.length !== unique.length)
    throw new AppError('invalid_input', 'Mention members of this team only.', { key: 'mentionOutsider', fields: { mentions: 'mentionOutsider' } });
  return unique;
}

/** Starts a thread on a result, or replies to one of its threads; tells whom it concerns. */
export async function addComment(ctx: TeamContext, outputId: string, input: NewComment): Promise<{ id: string; threadId: string }> {
  const result = await teamResult(ctx, outputId);
  if (input.threadId && input.anchor) throw new AppError('invalid_input', 'A reply goes where its thread is pinned.', { fields: { anchor: 'replyPinned' } });
  if (input.anchor) checkAnchor(input.anchor, result);
  return (await db()).$transaction(async (tx) => {
    const thread = input.threadId
      ? await tx.comment.findFirst({ where: { id: input.threadId, outputId, teamId: ctx.team.id, threadId: null }, select: { id: true } })
      : null;
    if (input.threadId && !thread) throw new AppError('not_found', 'That thread is not on this result.', { key: 'threadMissing' });
    const mentioned = await membersAmong(tx, ctx.team.id, input.mentions);
    const comment = await tx.comment.create({
      data: {
        teamId: ctx.team.id,
        outputId,
        threadId: thread?.id ?? null,
        authorId: ctx.user.id,
        body: input.body,
        mentions: mentioned,
        ...(input.anchor ?? {}),
      },
      select: { id: true },
    });
    const threadId = thread?.id ?? comment.id;
    const items: NewNotification[] = mentioned.map((userId) => ({
      teamId: ctx.team.id,
      userId,
      kind: 'mention',
      actorId: ctx.user.id,
      commentId: comment.id,
      outputId,
    }));
    if (thread) {
      // Everyone who wrote in the thread hears of a reply (a mention already told those it names).
      const voices = await tx.comment.findMany({
        where: { OR: [{ id: thread.id }, { threadId: thread.id }], authorId: { not: null } },
        select: { authorId: true },
      });
      for (const userId of new Set(voices.map((v) => v.authorId!))) {
        if (!mentioned.includes(userId)) items.push({ teamId: ctx.team.id, userId, kind: 'reply', actorId: ctx.user.id, commentId: comment.id, outputId });
      }
    }
    // Only people still in the team: a reply to someone who left tells no one.
    const inTeam = new Set(
      (await tx.membership.findMany({ where: { teamId: ctx.team.id, userId: { in: items.map((i) => i.userId) } }, select: { userId: true } })).map(
        (m) => m.userId,
      ),
    );
    await notify(
      tx,
      items.filter((i) => inTeam.has(i.userId)),
    );
    return { id: comment.id, threadId };
  });
}

/** A comment of the team's, with what deciding who may change it needs. */
async function ownComment(tx: Prisma.TransactionClient, ctx: TeamContext, id: string) {
  const comment = await tx.comment.findFirst({
    where: { id, teamId: ctx.team.id, deletedAt: null, output: { status: 'completed' } },
    select: { id: true, authorId: true, outputId: true, threadId: true, mentions: true, body: true },
  });
  if (!comment) throw new AppError('not_found', 'That comment is not in this team.', { key: 'commentMissing' });
  return comment;
}

/** Changes the words of one's own comment (new mentions are told; earlier ones are not told again). */
export async function editComment(ctx: TeamContext, id: string, input: z.infer<typeof editCommentSchema>): Promise<void> {
  await (
    await db()
  ).$transaction(async (tx) => {
    const comment = await ownComment(tx, ctx, id);
    if (comment.authorId !== ctx.user.id) throw new AppError('forbidden', 'You can change only your own comments.', { key: 'commentNotYours' });
    const mentioned = await membersAmong(tx, ctx.team.id, input.mentions);
    await tx.comment.update({ where: { id }, data: { body: input.body, mentions: mentioned, editedAt: new Date() } });
    const added = mentioned.filter((userId) => !comment.mentions.includes(userId));
    await notify(
      tx,
      added.map((userId) => ({ teamId: ctx.team.id, userId, kind: 'mention' as const, actorId: ctx.user.id, commentId: id, outputId: comment.outputId })),
    );
  });
}

/**
 * Deletes a comment (its author, or an owner or admin). A thread's first comment with replies stays
 * as "deleted" so the replies keep their place; otherwise it goes, with its inbox items.
 */
export async function deleteComment(ctx: TeamContext, id: string): Promise<void> {
  await (
    await db()
  ).$transaction(async (tx) => {
    const comment = await ownComment(tx, ctx, id);
    if (comment.authorId !== ctx.user.id && !atLeast(ctx.role, 'admin')) {
      throw new AppError('forbidden', 'You can delete only your own comments.', { key: 'commentNotYours' });
    }
    const replies = comment.threadId ? 0 : await tx.comment.count({ where: { threadId: id, deletedAt: null } });
    if (replies > 0) await tx.comment.update({ where: { id }, data: { deletedAt: new Date(), body: '', mentions: [] } });
    else await tx.comment.delete({ where: { id } });
    // A thread left with nothing but deleted words goes too.
    if (comment.threadId && (await tx.comment.count({ where: { threadId: comment.threadId, deletedAt: null } })) === 0) {
      await tx.comment.deleteMany({ where: { id: comment.threadId, deletedAt: { not: null } } });
    }
  });
}

/** Resolves a thread, or reopens it; the audit trail keeps who and when. */
export async function resolveThread(ctx: TeamContext, id: string, resolved: boolean): Promise<void> {
  await (
    await db()
  ).$transaction(async (tx) => {
    const thread = await tx.comment.findFirst({
      where: { id, teamId: ctx.team.id, threadId: null, output: { status: 'completed' } },
      select: { id: true, body: true, resolvedAt: true, outputId: true },
    });
    if (!thread) throw new AppError('not_found', 'That thread is not in this team.', { key: 'threadMissing' });
    if (Boolean(thread.resolvedAt) === resolved) return;
    await tx.comment.update({
      where: { id },
      data: resolved ? { resolvedAt: new Date(), resolvedById: ctx.user.id } : { resolvedAt: null, resolvedById: null },
    });
    await recordDecision(tx, {
      teamId: ctx.team.id,
      actorId: ctx.user.id,
      action: resolved ? 'thread.resolved' : 'thread.reopened',
      subjectId: id,
      details: { about: thread.body.slice(0, 200), result: thread.outputId },
    });
  });
}

export interface CommentView {
  id: string;
  author: { id: string; name: string } | null;
  body: string;
  mentions: Array<{ id: string; name: string }>;
  createdAt: string;
  editedAt: string | null;
  deleted: boolean;
}

export interface ThreadView {
  id: string;
  /** Its number on the result (1, 2, …: the pins' labels), in the order threads were started. */
  n: number;
  anchor: Anchor | null;
  resolved: { by: string | null; at: string } | null;
  comments: CommentView[];
}

/** Every thread on a result, oldest first, each with its comments in order. */
export async function threadsOf(ctx: TeamContext, outputId: string): Promise<ThreadView[]> {
  const prisma = await db();
  const rows = await prisma.comment.findMany({ where: { outputId, teamId: ctx.team.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  const people = [...new Set(rows.flatMap((r) => [...(r.authorId ? [r.authorId] : []), ...(r.resolvedById ? [r.resolvedById] : []), ...r.mentions]))];
  const users = people.length ? await prisma.user.findMany({ where: { id: { in: people } }, select: { id: true, name: true, email: true } }) : [];
  const name = new Map(users.map((u) => [u.id, u.name || u.email]));
  const view = (r: (typeof rows)[number]): CommentView => ({
    id: r.id,
    author: r.authorId ? { id: r.authorId, name: name.get(r.authorId) ?? '' } : null,
    body: r.deletedAt ? '' : r.body,
    mentions: r.mentions.map((id) => ({ id, name: name.get(id) ?? '' })),
    createdAt: r.createdAt.toISOString(),
    editedAt: r.editedAt?.toISOString() ?? null,
    deleted: r.deletedAt !== null,
  });
  const firsts = rows.filter((r) => r.threadId === null);
  return firsts.map((first, i) => ({
    id: first.id,
    n: i + 1,
    anchor: anchorOf(first),
    resolved: first.resolvedAt ? { by: first.resolvedById ? (name.get(first.resolvedById) ?? null) : null, at: first.resolvedAt.toISOString() } : null,
    comments: [first, ...rows.filter((r) => r.threadId === first.id)].map(view),
  }));
}

function anchorOf(r: { x: number | null; y: number | null; w: number | null; h: number | null; t: number | null }): Anchor | null {
  const anchor: Anchor = {
    ...(r.x !== null && r.y !== null ? { x: r.x, y: r.y } : {}),
    ...(r.w !== null && r.h !== null ? { w: r.w, h: r.h } : {}),
    ...(r.t !== null ? { t: r.t } : {}),
  };
  return Object.keys(anchor).length > 0 ? anchor : null;
}

/** Open threads per result, for badges on a board or a grid. */
export async function openThreadCounts(ctx: Pick<TeamContext, 'team'>, outputIds: string[]): Promise<Record<string, number>> {
  if (outputIds.length === 0) return {};
  const rows = await (
    await db()
  ).comment.groupBy({ by: ['outputId'], where: { teamId: ctx.team.id, outputId: { in: outputIds }, threadId: null, resolvedAt: null }, _count: true });
  return Object.fromEntries(rows.map((r) => [r.outputId, r._count]));
}
