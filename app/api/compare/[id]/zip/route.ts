// GET /api/compare/{id}/zip: every image of one of the team's boards as one streamed ZIP, for the board's download button.
import { Readable } from 'node:stream';
import { blobStore } from '@/lib/assets/store';
import { idParams, withTeam } from '@/lib/auth/route';
import { boardAssets } from '@/lib/comparisons/queries';
import { zipStream } from '@/lib/comparisons/zip';
import { AppError } from '@/lib/errors';
import { contentDisposition } from '@/lib/storage';

export const dynamic = 'force-dynamic';

export const GET = withTeam('member', { params: idParams }, async (ctx, { params: { id } }) => {
  const outputs = await boardAssets(ctx, id);
  if (outputs.length === 0) throw new AppError('not_found', 'Not found.');
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
    headers: {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition(`atelier-board-${id.slice(0, 8)}.zip`),
      'cache-control': 'private, no-store',
    },
  });
});
