import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { csvStream } from '../csv';
import type { Prisma } from '../db/generated/client';
import { AppError } from '../errors';
import { db } from '../runtime';
import { wallClock } from '../time/zoned';

// The team's audit trail of decisions: who approved, declined, resolved or marked what, and when.
// Each feature writes its line in the transaction that makes the decision, so the trail and the
// state never disagree; owners and admins read it (Settings → Decisions) and take it as CSV.

export const DECISION_ACTIONS = [
  'approval.approved',
  'approval.declined',
  'approval.cancelled',
  'approval.refused',
  'approval.expired',
  'approval.void',
  'review.draft',
  'review.in_review',
  'review.approved',
  'review.changes_requested',
  'winner.board',
  'winner.column',
  'winner.cleared',
  'thread.resolved',
  'thread.reopened',
  'threshold.changed',
] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

/** What a decision was about, as of then: names and figures kept as they were (a rename later changes nothing here). */
export interface DecisionDetails {
  /** A short description of the subject: the prompt, the board, the thread's first words. */
  about: string;
  /** The result's model, the version's number, the estimate, the reason: what the decision turned on. */
  [fact: string]: string | number | null;
}

type Tx = Prisma.TransactionClient;

/** Writes one line of the trail, in the caller's transaction. */
export async function recordDecision(
  tx: Tx,
  line: { teamId: string; actorId: string | null; action: DecisionAction; subjectId: string; details: DecisionDetails },
): Promise<void> {
  await tx.decision.create({ data: { ...line, details: line.details as Prisma.InputJsonObject } });
}

export interface DecisionRow {
  id: string;
  at: string;
  action: DecisionAction;
  actor: string | null;
  subjectId: string;
  details: DecisionDetails;
}

const PAGE = 100;

function requireAdmin(ctx: TeamContext) {
  if (!atLeast(ctx.role, 'admin')) throw new AppError('forbidden', 'Only owners and admins read the decisions.', { key: 'adminsOnly' });
}

/** The newest decisions of the team, `PAGE` at a time before `before` (an ISO time). */
export async function listDecisions(ctx: TeamContext, before?: Date): Promise<{ rows: DecisionRow[]; more: boolean }> {
  requireAdmin(ctx);
  const prisma = await db();
  const found = await prisma.decision.findMany({
    where: { teamId: ctx.team.id, ...(before ? { createdAt: { lt: before } } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: PAGE + 1,
  });
  const names = await actorNames(found.map((d) => d.actorId));
  const rows = found.slice(0, PAGE).map((d) => ({
    id: d.id,
    at: d.createdAt.toISOString(),
    action: d.action as DecisionAction,
    actor: d.actorId ? (names.get(d.actorId) ?? null) : null,
    subjectId: d.subjectId,
    details: d.details as DecisionDetails,
  }));
  return { rows, more: found.length > PAGE };
}

async function actorNames(ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const users = await (await db()).user.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true, email: true } });
  return new Map(users.map((u) => [u.id, u.name || u.email]));
}

const HEADER = ['time', 'time_zone', 'action', 'by', 'subject_id', 'about', 'details'];
const BATCH = 1000;

/** Every decision of the team as CSV (UTF-8 with a BOM), oldest first, streamed in keyset batches. */
export async function decisionsCsv(ctx: TeamContext): Promise<ReadableStream<Uint8Array>> {
  requireAdmin(ctx);
  const prisma = await db();
  const local = wallClock(ctx.team.timeZone);
  let after: { createdAt: Date; id: string } | null = null;
  return csvStream(HEADER, async () => {
    const rows = await prisma.decision.findMany({
      where: {
        teamId: ctx.team.id,
        ...(after ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: BATCH,
    });
    after = rows.at(-1) ?? after;
    const names = await actorNames(rows.map((r) => r.actorId));
    return rows.map((r) => {
      const { about, ...facts } = r.details as DecisionDetails;
      const rest = Object.entries(facts)
        .filter(([, value]) => value !== null && value !== '')
        .map(([name, value]) => `${name}=${value}`)
        .join('; ');
      return [local.format(r.createdAt), ctx.team.timeZone, r.action, r.actorId ? (names.get(r.actorId) ?? '') : '', r.subjectId, about, rest];
    });
  });
}
