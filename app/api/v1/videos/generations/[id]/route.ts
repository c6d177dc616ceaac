// GET /api/v1/videos/generations/{id}: the task record (decisions.md row 5) of one of the key's team's videos.
import { videoTaskRecord } from '@/lib/api/videos';
import { withApiKey } from '@/lib/api/v1';
import { AppError } from '@/lib/errors';
import { isUuid } from '@/lib/ids';

export const dynamic = 'force-dynamic';

export const GET = withApiKey(async (caller, _request, params) => {
  const id = params.id;
  if (!isUuid(id)) throw new AppError('not_found', 'No such video task.', { apiCode: 'task_not_found' });
  return Response.json(await videoTaskRecord(caller, id), { headers: { 'cache-control': 'no-store' } });
});
