// POST /api/edits/{id}/pick: "use this one" on a run of several results (variants, an edit board):
// the studio continues from the picked result, and the version chain shows it.
import { z } from 'zod';
import { idParams, withTeam } from '@/lib/auth/route';
import { pickResult } from '@/lib/edits/history';

export const dynamic = 'force-dynamic';

export const POST = withTeam('member', { params: idParams, body: z.object({ outputId: z.uuid() }) }, async (ctx, { params, body }) => {
  return Response.json({ resultAssetId: await pickResult(ctx, params.id, body.outputId) });
});
