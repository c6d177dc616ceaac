// GET /api/library/zip?ids=a,b,c or ?all=1&<filters>: the selected results of the active team as one
// streamed ZIP with manifest.json (the library's bulk download).
import { withTeam } from '@/lib/auth/route';
import { bulkSelectionSchema, bulkZip } from '@/lib/library/bulk';
import { contentDisposition } from '@/lib/storage';

export const dynamic = 'force-dynamic';

export const GET = withTeam('member', { query: bulkSelectionSchema }, async (ctx, { query }) => {
  const body = await bulkZip(ctx, query);
  return new Response(body, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition(`atelier-library-${new Date().toISOString().slice(0, 10)}.zip`),
      'cache-control': 'private, no-store',
    },
  });
});
