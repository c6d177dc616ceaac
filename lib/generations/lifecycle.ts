import type { TeamContext } from '../auth/context';
import type { Prisma } from '../db/generated/client';
import type { GenerationKind } from '../db/generated/enums';
import { releaseReservations, settleCosts } from '../ledger/record';
import { reserveBudget, type Charge } from '../ledger/reserve';
import { db } from '../runtime';
import { UpstreamError, type Cost } from '../upstream';

// The one lifecycle of every generation (edit, board, video, and whatever comes next):
//   open    -> budgets checked and the estimate reserved, in the transaction that writes it running
//   settle  -> what the service charged replaces the reservation; outputs and final state, all at once
//   end     -> failed or cancelled: the reservation is given back
// Settling and ending only ever move a generation out of `running`, so a duplicate job, a late
// answer after a cancel or a second webhook changes nothing.

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

/** Checks the budgets, reserves the estimate and writes the generation as running, in one transaction. */
export async function openGeneration(
  ctx: Pick<TeamContext, 'team' | 'user' | 'apiKey'>,
  request: OpenRequest,
): Promise<GenerationRef & { videoTaskId?: string }> {
  const prisma = await db();
  const { kind, charges } = request;
  const generation = await prisma.$transaction((tx) =>
    reserveBudget(tx, { teamId: ctx.team.id, userId: ctx.user.id, kind, charges, apiKey: ctx.apiKey }, () =>
      tx.generation.create({
        data: {
          teamId: ctx.team.id,
          userId: ctx.user.id,
          kind,
          status: 'running',
          prompt: request.prompt,
          params: request.params,
          parentId: request.parentId,
          requestId: request.requestId,
          apiKeyId: ctx.apiKey?.id,
          ...(request.withVideoTask ? { videoTask: { create: { teamId: ctx.team.id, status: 'pending', callbackUrl: request.videoCallbackUrl } } } : {}),
        },
        select: { id: true, teamId: true, userId: true, kind: true, videoTask: { select: { id: true } } },
      }),
    ),
  );
  const { videoTask, ...ref } = generation;
  return videoTask ? { ...ref, videoTaskId: videoTask.id } : ref;
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
 * The service answered: writes the outputs, settles the charges and sets the final state, in one
 * transaction. Returns false, writing nothing, if the generation was no longer running.
 */
export async function settleGeneration(generation: GenerationRef, settlement: Settlement): Promise<boolean> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.generation.updateMany({
      where: { id: generation.id, status: 'running' },
      data: {
        status: settlement.status,
        upstreamId: settlement.upstreamId ?? undefined,
        costTotal: settlement.total.amount,
        currency: settlement.total.currency,
        errorCode: settlement.error?.code ?? null,
        errorMessage: settlement.error?.message ?? null,
        completedAt: new Date(),
      },
    });
    if (count === 0) return false;
    const { id: generationId, teamId, userId, kind } = generation;
    await tx.generationOutput.createMany({ data: settlement.outputs.map((output) => ({ ...output, generationId, teamId, userId, kind })) });
    await settleCosts(
      tx,
      generationId,
      settlement.charges.map((c) => ({ teamId, userId, generationId, kind, model: c.model, amount: c.amount })),
    );
    return true;
  });
}
