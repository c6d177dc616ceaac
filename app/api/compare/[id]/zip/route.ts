// GET /api/compare/{id}/zip: every image of one of the team's boards as one streamed ZIP, for the board's download button.
import { Readable } from 'node:stream';
import { withTeam } from '@/lib/auth/action';
import { blobStore } from '@/lib/assets/store';
import { boardAssets } from '@/lib/comparisons/queries';
import { zipStream } from '@/lib/comparisons/zip';
import { contentDisposition } from '@/lib/storage';
import { isUuid } from '@/lib/ids';

export const dynamic = 'force-dynamic';

export function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return withTeam('member', async (ctx) => {
    const { id } = await params;
    const outputs = isUuid(id) ? await boardAssets(ctx, id) : [];
    if (outputs.length === 0) return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    const entries = outputs.map(({ model, position, asset }) => ({
      name: `${model}/${position + 1}.${asset!.contentType.split('/')[1]}`,
      open: async () => {
        const blob = await blobStore().get(asset!.storageKey);
        if (!blob) throw new Error(`asset ${asset!.id} is missing from storage`);
        return Readable.fromWeb(blob.body as never) as AsyncIterable<Uint8Array>;
      },
    }));
    const body = Readable.toWeb(Readable.from(zipStream(entries))) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: { 'content-type': 'application/zip', 'content-disposition': contentDisposition(`atelier-board-${id.slice(0, 8)}.zip`), 'cache-control': 'private, no-store' },
    });
  })(request);
}
