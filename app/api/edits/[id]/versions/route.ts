// GET /api/edits/{id}/versions: the version chain an edit belongs to, for the studio's filmstrip.
import { idParams, withTeam } from '@/lib/auth/route';
import { AppError } from '@/lib/errors';
import { editChain } from '@/lib/edits/history';
import { chosenResult } from '@/lib/edits/results';

export const dynamic = 'force-dynamic';

export const GET = withTeam('member', { params: idParams }, async (ctx, { params }) => {
  const chain = await editChain(ctx, params.id);
  if (!chain) throw new AppError('not_found', 'Not found.');
  const versions = chain.map(({ id, kind, prompt, status, originalAssetId, resultAssetId, parentId, results, pickedOutputId }) => ({
    id,
    kind,
    prompt,
    status,
    originalAssetId,
    resultAssetId,
    parentId,
    // The review of the result each version continues from: the filmstrip marks an approved one.
    reviewState: chosenResult(results, pickedOutputId)?.reviewState ?? 'draft',
  }));
  return Response.json({ versions }, { headers: { 'cache-control': 'private, no-store' } });
});
