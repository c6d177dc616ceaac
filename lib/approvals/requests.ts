import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import type { Prisma } from '../db/generated/client';
import type { ApprovalStatus, GenerationKind } from '../db/generated/enums';
import { AppError } from '../errors';
import { generationHref } from '../generations/href';
import { db } from '../runtime';

// The requests held for approval, as the approvals inbox and the API's status endpoint show them:
// what was asked (kind, models, size or duration, the estimate), by whom, and what became of it.

/** What a held request's input says of itself, for a list (read tolerantly: inputs of every kind). */
const summaryOf = z
  .object({
    models: z.array(z.string()).optional(),
    model: z.string().optional(),
    size: z.string().optional(),
    n: z.number().optional(),
    kind: z.string().optional(),
    variants: z.number().optional(),
    video: z.object({ model: z.string(), duration: z.number().optional(), resolution: z.string().optional(), audio: z.boolean().optional() }).optional(),
  })
  .catch({});

export interface ApprovalView {
  id: string;
  kind: GenerationKind;
  prompt: string;
  estimate: string;
  status: ApprovalStatus;
  requester: { id: string; name: string };
  /** The API key it came through, by name. */
  viaKey: string | null;
  mine: boolean;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  reason: string | null;
  reasonKey: string | null;
  /** The run it became, once it ran. */
  generationId: string | null;
  href: string | null;
  /** What was asked, for the list: the models, the size or the video's duration and resolution. */
  facts: {
    models: string[];
    size: string | null;
    n: number | null;
    editKind: string | null;
    duration: number | null;
    resolution: string | null;
    audio: boolean;
  };
}

const select = {
  id: true,
  kind: true,
  prompt: true,
  estimate: true,
  status: true,
  input: true,
  userId: true,
  apiKeyId: true,
  createdAt: true,
  expiresAt: true,
  decidedAt: true,
  decidedById: true,
  reason: true,
  reasonKey: true,
} satisfies Prisma.ApprovalRequestSelect;
type Row = Prisma.ApprovalRequestGetPayload<{ select: typeof select }>;

/** Reads the names and runs the rows need, then shapes them. */
async function views(ctx: Pick<TeamContext, 'user'>, rows: Row[]): Promise<ApprovalView[]> {
  if (rows.length === 0) return [];
  const prisma = await db();
  const people = [...new Set(rows.flatMap((r) => [r.userId, ...(r.decidedById ? [r.decidedById] : [])]))];
  const keys = [...new Set(rows.flatMap((r) => (r.apiKeyId ? [r.apiKeyId] : [])))];
  const [users, apiKeys, runs] = await Promise.all([
    prisma.user.findMany({ where: { id: { in: people } }, select: { id: true, name: true, email: true } }),
    keys.length ? prisma.apiKey.findMany({ where: { id: { in: keys } }, select: { id: true, name: true } }) : [],
    prisma.generation.findMany({ where: { approvalId: { in: rows.map((r) => r.id) } }, select: { id: true, kind: true, approvalId: true } }),
  ]);
  const name = new Map(users.map((u) => [u.id, u.name || u.email]));
  const keyName = new Map(apiKeys.map((k) => [k.id, k.name]));
  const run = new Map(runs.map((g) => [g.approvalId!, g]));
  return rows.map((r) => {
    const input = summaryOf.parse(r.input);
    const generation = run.get(r.id);
    return {
      id: r.id,
      kind: r.kind,
      prompt: r.prompt,
      estimate: r.estimate.toString(),
      status: r.status,
      requester: { id: r.userId, name: name.get(r.userId) ?? '' },
      viaKey: r.apiKeyId ? (keyName.get(r.apiKeyId) ?? null) : null,
      mine: r.userId === ctx.user.id,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decidedBy: r.decidedById ? (name.get(r.decidedById) ?? null) : null,
      reason: r.reason,
      reasonKey: r.reasonKey,
      generationId: generation?.id ?? null,
      href: generation ? generationHref(generation) : null,
      facts: {
        models: input.video ? [input.video.model] : (input.models ?? (input.model ? [input.model] : [])),
        size: input.size ?? null,
        n: input.n ?? input.variants ?? null,
        editKind: r.kind === 'edit' ? (input.kind ?? null) : null,
        duration: input.video?.duration ?? null,
        resolution: input.video?.resolution ?? null,
        audio: input.video?.audio ?? false,
      },
    };
  });
}

export type ApprovalList = 'waiting' | 'mine' | 'decided';

/**
 * A list of the team's requests: `waiting` (owners and admins: what to decide, oldest first),
 * `decided` (owners and admins: the latest decisions), `mine` (anyone: their own, newest first).
 */
export async function listApprovals(ctx: TeamContext, list: ApprovalList, take = 50): Promise<ApprovalView[]> {
  if (list !== 'mine' && !atLeast(ctx.role, 'admin')) throw new AppError('forbidden', 'Only owners and admins decide requests.', { key: 'adminsOnly' });
  const prisma = await db();
  const rows = await prisma.approvalRequest.findMany({
    where:
      list === 'waiting'
        ? { teamId: ctx.team.id, status: 'awaiting_approval', expiresAt: { gt: new Date() } }
        : list === 'decided'
          ? { teamId: ctx.team.id, status: { not: 'awaiting_approval' } }
          : { teamId: ctx.team.id, userId: ctx.user.id },
    orderBy: list === 'waiting' ? { createdAt: 'asc' } : list === 'decided' ? { updatedAt: 'desc' } : { createdAt: 'desc' },
    take,
    select,
  });
  return views(ctx, rows);
}

/** One request of the team: its requester's own, or any for owners and admins; another team's is not found. */
export async function getApproval(ctx: TeamContext, id: string): Promise<ApprovalView> {
  const row = await (await db()).approvalRequest.findFirst({ where: { id, teamId: ctx.team.id }, select });
  if (!row || (row.userId !== ctx.user.id && !atLeast(ctx.role, 'admin'))) {
    throw new AppError('not_found', 'There is no such request in this team.', { key: 'approvalMissing' });
  }
  return (await views(ctx, [row]))[0];
}

/** How many requests wait for a decision: the owners' and admins' badge. */
export async function waitingCount(ctx: Pick<TeamContext, 'team' | 'role'>): Promise<number> {
  if (!atLeast(ctx.role, 'admin')) return 0;
  return (await db()).approvalRequest.count({ where: { teamId: ctx.team.id, status: 'awaiting_approval', expiresAt: { gt: new Date() } } });
}
