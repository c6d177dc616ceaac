import type { ApiCaller } from '../api-keys/authenticate';
import { appConfig } from '../config';
import type { GenerationKind } from '../db/generated/enums';
import { AppError } from '../errors';
import type { HeldRequest } from '../generations/approval-gate';
import { LIVE } from '../generations/visibility';
import { db } from '../runtime';
import { fileUrl } from './file-urls';
import { videoTaskRecord } from './videos';

// A request the API held for approval (the team's limit, a member's key): answered 202 with the
// request's record, never a silent wait, and read again at GET /api/v1/approvals/{id} until it is
// decided. Once it ran, the record carries its result: a video's task record (polled at its own
// endpoint from then on), or the images with Atelier's file URLs.

const OPERATION: Record<GenerationKind, string> = { comparison: 'images.generations', edit: 'images.edits', video: 'videos.generations' };

export const approvalUrl = (id: string) => `${appConfig().publicUrl}/api/v1/approvals/${id}`;

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The 202 a held request is answered with, pointing at where to poll it. */
export function heldAnswer(held: HeldRequest): Response {
  return Response.json(
    {
      id: held.id,
      object: 'approval_request',
      status: 'awaiting_approval',
      operation: OPERATION[held.kind],
      created: Math.floor(Date.now() / 1000),
      expires_at: seconds(new Date(held.expiresAt)),
      estimate: { amount: Number(held.estimate), currency: 'CNY' },
      approval_above: { amount: Number(held.threshold), currency: 'CNY' },
      status_url: approvalUrl(held.id),
      reason: null,
      result: null,
    },
    { status: 202, headers: { location: approvalUrl(held.id), 'cache-control': 'no-store' } },
  );
}

/** GET /api/v1/approvals/{id}: one of the key's team's held requests, as it stands; another team's is not found. */
export async function approvalRecord(caller: ApiCaller, id: string) {
  const prisma = await db();
  const request = await prisma.approvalRequest.findFirst({
    where: { id, teamId: caller.ctx.team.id },
    select: { id: true, kind: true, status: true, estimate: true, reason: true, reasonKey: true, createdAt: true, expiresAt: true, decidedAt: true },
  });
  if (!request) throw new AppError('not_found', 'No such approval request.', { reason: 'taskNotFound', param: 'id' });
  const generation = await prisma.generation.findUnique({ where: { approvalId: id }, select: { id: true } });
  const waiting = request.status === 'awaiting_approval';
  return {
    id: request.id,
    object: 'approval_request',
    // One that outlived its seven days reads as expired at once, before the tidy job writes it.
    status: waiting && request.expiresAt <= new Date() ? 'expired' : request.status,
    operation: OPERATION[request.kind],
    created: seconds(request.createdAt),
    expires_at: seconds(request.expiresAt),
    decided_at: request.decidedAt ? seconds(request.decidedAt) : null,
    estimate: { amount: Number(request.estimate), currency: 'CNY' },
    reason: request.reason ?? request.reasonKey,
    result: generation ? await resultOf(caller, request.kind, generation.id) : null,
  };
}

/** What the request made: the video's task record, or the images (each with its seed and file URL) and the cost. */
async function resultOf(caller: ApiCaller, kind: GenerationKind, generationId: string) {
  if (kind === 'video') return videoTaskRecord(caller, generationId);
  const generation = await (
    await db()
  ).generation.findUniqueOrThrow({
    where: { id: generationId },
    select: {
      id: true,
      status: true,
      createdAt: true,
      costTotal: true,
      currency: true,
      errorCode: true,
      errorMessage: true,
      outputs: {
        where: { status: 'completed', ...LIVE },
        orderBy: [{ entryIndex: 'asc' }, { position: 'asc' }],
        select: { id: true, model: true, seed: true, upstreamUrl: true, revisedPrompt: true, asset: { select: { contentType: true } } },
      },
    },
  });
  return {
    id: generation.id,
    object: kind === 'edit' ? 'image' : 'batch',
    status: generation.status === 'completed' ? 'completed' : generation.status === 'running' ? 'processing' : 'failed',
    created: seconds(generation.createdAt),
    data: generation.outputs.map((o) => ({
      url: fileUrl(o),
      model: o.model,
      ...(o.seed !== null ? { seed: Number(o.seed) } : {}),
      ...(o.revisedPrompt ? { revised_prompt: o.revisedPrompt } : {}),
    })),
    usage: { cost: Number(generation.costTotal ?? 0), cost_unit: generation.currency },
    ...(generation.errorCode ? { error: { message: generation.errorMessage ?? 'It failed.', code: generation.errorCode } } : {}),
  };
}
