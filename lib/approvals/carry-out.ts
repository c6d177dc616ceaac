import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { runBoard } from '../comparisons/run-board';
import { boardInputSchema } from '../comparisons/schema';
import type { GenerationKind } from '../db/generated/enums';
import { editRequestSchema, runEdit } from '../edits/run-edit';
import { ran } from '../generations/approval-gate';
import { createVideo, heldVideoSchema } from '../videos/create-video';

// An approved request, run through its own feature as the requester asked it: the same pricing,
// budgets, lifecycle and results as if it had never waited, with `ctx.approval` set (the gate then
// checks it costs no more than was approved, and the generation carries the request's id). The
// input is parsed again with the feature's own schema: nothing saved travels in unparsed.

/** Runs it; answers the generation it opened. */
export async function carryOut(kind: GenerationKind, ctx: TeamContext, input: unknown): Promise<string> {
  if (kind === 'edit') {
    // A job has no browser to leave: nothing aborts the run but a cancel, which an approved run has none of.
    const request = editRequestSchema.parse({ ...z.looseObject({}).parse(input), requestId: randomUUID() });
    return ran(await runEdit(ctx, request, new AbortController().signal)).generationId;
  }
  if (kind === 'comparison') return ran(await runBoard(ctx, boardInputSchema.parse(input))).id;
  const { video, callbackUrl } = heldVideoSchema.parse(input);
  return ran(await createVideo(ctx, video, { callbackUrl })).generationId;
}
