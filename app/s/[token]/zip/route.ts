// GET /s/{token}/zip: every file a live share link shows, as one streamed ZIP with manifest.json,
// for the public page's "Download all"; a revoked, expired or mistyped link is a plain 404.
import { errorResponse } from '@/lib/errors';
import { sharedZip } from '@/lib/share';
import { contentDisposition } from '@/lib/storage';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  try {
    const zip = await sharedZip((await params).token);
    if (!zip) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
    return new Response(zip.body, {
      headers: {
        'content-type': 'application/zip',
        'content-disposition': contentDisposition(zip.name),
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
