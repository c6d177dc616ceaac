import { randomUUID } from 'node:crypto';
import type { TeamContext } from '../auth/context';
import { Prisma } from '../db/generated/client';
import type { GenerationKind } from '../db/generated/enums';
import { releaseReservations, settledCosts } from '../ledger/record';
import { budgetVerdict, refuseOnVerdict, reservedLines, type BudgetVerdict, type Charge } from '../ledger/reserve';
import { publish } from '../queue';
import { db, hotQuery, runtime } from '../runtime';
import { UpstreamError, type Cost } from '../upstream';
import { log } from '../observability/log';

// The one lifecycle of every generation (edit, board, video, and whatever comes next):
//   open    -> budgets checked and the estimate reserved, in the statement that writes it running
//   settle  -> what the service charged replaces the reservation; outputs and final state, in one statement
//   end     -> failed or cancelled: the reservation is given back
// Settling and ending only ever move a generation out of `running`, so a duplicate job, a late
// answer after a cancel or a second webhook changes nothing.

/**
 * The event a settlement announces (`{ teamId }`): a queue that subscribes to it (alerts' evaluation
 * of the team) gets a job, at most one waiting per team.
 */
export const SETTLED = 'generation.settled';

type Tx = Prisma.TransactionClient;

/** Who a generation belongs to, which is what its ledger lines need. */
export interface GenerationRef {
  id: string;
  teamId: string;
  userId: string;
  kind: GenerationKind;
}

export interface OpenRequest {
  kind: GenerationKind;
  prompt: string;
  /** The request as sent, minus secrets (Generation.params). */
  params: Prisma.InputJsonValue;
  charges: Charge[];
  parentId?: string;
  /** The client's id for this run, by which it can be cancelled from any replica. */
  requestId?: string;
  /** Videos: the task row is written with the generation. */
  withVideoTask?: boolean;
  /** Videos through the API: the caller's webhook_url, called when the task ends. */
  videoCallbackUrl?: string;
}

/**
 * Checks the budgets, reserves the estimate and writes the generation as running, in ONE statement:
 * `budget_verdict` locks the team row and decides, and the generation (with its video task) and
 * its reserved ledger lines are written only when it found room. One round trip, and the team
 * lock is held for that statement alone, so a team's concurrent requests queue for microseconds.
 * An approved request's run writes the request's id with it (unique: one run per request).
 */
export async function openGeneration(
  ctx: Pick<TeamContext, 'team' | 'user' | 'apiKey' | 'approval'>,
  request: OpenRequest,
): Promise<GenerationRef & { videoTaskId?: string }> {
  const { kind, charges } = request;
  const ref = { id: randomUUID(), teamId: ctx.team.id, userId: ctx.user.id, kind };
  const videoTaskId = request.withVideoTask ? randomUUID() : null;
  // An edit's or a board's reservation lives as long as this process's lease (the request dies
  // with the process); a video's belongs to its task, which settles or releases it however long it runs.
  const leaseId = kind === 'video' ? null : (await runtime()).lease.id;
  const [verdict] = await hotQuery<BudgetVerdict>(
    'generation.open',
    Prisma.sql`
    WITH verdict AS (${budgetVerdict({ teamId: ref.teamId, userId: ref.userId, kind, charges, apiKey: ctx.apiKey })}),
    generation AS (
      INSERT INTO "Generation" ("id", "teamId", "userId", "kind", "status", "prompt", "params", "parentId", "requestId", "apiKeyId", "approvalId")
      SELECT ${ref.id}::uuid, ${ref.teamId}::uuid, ${ref.userId}::uuid, ${kind}::"GenerationKind", 'running', ${request.prompt},
        ${JSON.stringify(request.params)}::jsonb, ${request.parentId ?? null}::uuid, ${request.requestId ?? null}::uuid, ${ctx.apiKey?.id ?? null}::uuid,
        ${ctx.approval?.id ?? null}::uuid
      FROM verdict WHERE verdict."budget" IS NULL
      RETURNING "id"),
    task AS (
      INSERT INTO "VideoTask" ("id", "generationId", "teamId", "status", "callbackUrl", "updatedAt")
      SELECT ${videoTaskId}::uuid, "id", ${ref.teamId}::uuid, 'pending', ${request.videoCallbackUrl ?? null}, now()
      FROM generation WHERE ${videoTaskId}::uuid IS NOT NULL),
    reserved AS (
      INSERT INTO "LedgerEntry" ("id", "teamId", "userId", "generationId", "kind", "model", "amount", "currency", "status", "leaseId")
      SELECT gen_random_uuid(), ${ref.teamId}::uuid, ${ref.userId}::uuid, generation."id", ${kind}::"GenerationKind", c."model", c."amount", 'CNY', 'reserved', ${leaseId}::uuid
      FROM generation, jsonb_to_recordset(${reservedLines(charges)}::jsonb) AS c("model" text, "amount" decimal))
    SELECT * FROM verdict`,
  );
  refuseOnVerdict(verdict, charges);
  return videoTaskId ? { ...ref, videoTaskId } : ref;
}

/** How a run that did not complete ended. */
export type Ending = { status: 'cancelled' } | { status: 'failed'; code: string; message: string };

/** The ending an error means: the caller's abort or the client's own cancel is a cancel, anything else a failure. */
export function endingOf(error: unknown, signal?: AbortSignal, fallback = 'The result could not be stored.'): Ending {
  const upstream = error instanceof UpstreamError ? error : null;
  if (signal?.aborted || upstream?.code === 'cancelled') return { status: 'cancelled' };
  return { status: 'failed', code: upstream?.code ?? 'internal', message: upstream?.message ?? fallback };
}

/** Fails or cancels a running generation and gives its reservation back; `also` runs in the same transaction. */
export async function endGeneration(id: string, ending: Ending, also?: (tx: Tx) => Promise<unknown>): Promise<boolean> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.generation.updateMany({
      where: { id, status: { in: ['pending', 'running'] } },
      data:
        ending.status === 'cancelled'
          ? { status: 'cancelled', errorCode: 'cancelled', errorMessage: 'Cancelled.', completedAt: new Date() }
          : { status: 'failed', errorCode: ending.code, errorMessage: ending.message, completedAt: new Date() },
    });
    if (count === 0) return false;
    await releaseReservations(tx, id);
    await also?.(tx);
    return true;
  });
}

export interface Settlement {
  /** `failed` when the service answered but every model failed (it may still have charged). */
  status: 'completed' | 'failed';
  upstreamId?: string | null;
  total: Cost;
  /** What each model was charged, as the service reported it. */
  charges: Charge[];
  error?: { code: string; message: string };
  /** The results (and per-model failures) to record; the lifecycle adds whose they are. */
  outputs: OutputRow[];
}

/** One output as a feature describes it; generation, team, author and kind come from the generation. */
export type OutputRow = Omit<Prisma.GenerationOutputCreateManyInput, 'generationId' | 'teamId' | 'userId' | 'kind'>;

/**
 * The service answered: writes the outputs, settles the charges (the reported cost replaces the
 * reservation) and sets the final state, in one statement. Returns false, writing nothing, if the
 * generation was no longer running.
 */
export async function settleGeneration(generation: GenerationRef, settlement: Settlement): Promise<boolean> {
  const [{ settled }] = await hotQuery<{ settled: boolean }>(
    'generation.settle',
    Prisma.sql`
    WITH generation AS (
      UPDATE "Generation" SET "status" = ${settlement.status}::"GenerationStatus", "upstreamId" = coalesce(${settlement.upstreamId ?? null}, "upstreamId"),
        "costTotal" = ${settlement.total.amount}::decimal, "currency" = ${settlement.total.currency},
        "errorCode" = ${settlement.error?.code ?? null}, "errorMessage" = ${settlement.error?.message ?? null}, "completedAt" = now()
      WHERE "id" = ${generation.id}::uuid AND "status" = 'running'
      RETURNING "id", "teamId", "userId", "kind"),
    outputs AS (
      INSERT INTO "GenerationOutput" ("id", "generationId", "teamId", "userId", "kind", "model", "entryIndex", "position", "status", "assetId",
        "archive", "upstreamUrl", "revisedPrompt", "seed", "cost", "errorCode", "errorMessage", "upstreamMs", "maskChanged", "maskGuard", "rawAssetId")
      SELECT coalesce(o."id", gen_random_uuid()), g."id", g."teamId", g."userId", g."kind", o."model", o."entryIndex", coalesce(o."position", 0), o."status", o."assetId",
        o."archive", o."upstreamUrl", o."revisedPrompt", o."seed", o."cost", o."errorCode", o."errorMessage", o."upstreamMs", o."maskChanged", o."maskGuard", o."rawAssetId"
      FROM generation g, jsonb_populate_recordset(NULL::"GenerationOutput", ${outputsJson(settlement.outputs)}::jsonb) o),
    ${settledCosts(Prisma.sql`generation`, settlement.charges)}
    SELECT EXISTS (SELECT 1 FROM generation) AS settled`,
  );
  // Whoever follows spending (alerts) hears of it off the answer's path, once per waiting team.
  if (settled)
    void publish(SETTLED, { teamId: generation.teamId }, { singletonKey: generation.teamId }).catch((error: unknown) =>
      log().warn({ err: error }, 'lifecycle: could not announce a settlement'),
    );
  return settled;
}

/** Output rows as JSON for `jsonb_populate_recordset` (seeds are BigInts, costs may be Decimals). */
const outputsJson = (outputs: OutputRow[]) => JSON.stringify(outputs, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
