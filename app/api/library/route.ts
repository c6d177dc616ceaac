// GET /api/library?before=<cursor>: the next (older) page of the active team's results.
// GET /api/library?since=<ISO time>: what is new since then (a poll; the client merges by id).
import { withTeam } from '@/lib/auth/route';
import { teamCollection } from '@/lib/library/collections';
import { libraryQuerySchema, listLibrary } from '@/lib/library/items';

export const dynamic = 'force-dynamic';

export const GET = withTeam('member', { query: libraryQuerySchema }, async (ctx, { query }) => {
  // Another team's collection is not found, rather than an empty page.
  if (query.collection) await teamCollection(ctx, query.collection);
  return Response.json(await listLibrary(ctx, query), { headers: { 'cache-control': 'no-store' } });
});
