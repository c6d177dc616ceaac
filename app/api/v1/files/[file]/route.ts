// GET /api/v1/files/{output id}.{ext}?expires=…&signature=…: a file the API answered with. From
// Atelier's storage once archived; until then, streamed from the service's own URL (valid 7 days),
// checked as archiving checks it.
import { validFileSignature } from '@/lib/api/file-urls';
import { v1ErrorResponse } from '@/lib/api/v1';
import { Readable } from 'node:stream';
import { openResultUrl } from '@/lib/assets/archive';
import { serveAsset } from '@/lib/assets/serve-asset';
import { AppError } from '@/lib/errors';
import { isUuid } from '@/lib/ids';
import { LIVE } from '@/lib/library/trash';
import { db } from '@/lib/runtime';

export const dynamic = 'force-dynamic';

const notFound = () => new AppError('not_found', 'That file does not exist or its link has expired.', { apiCode: 'file_not_found' });

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  try {
    const { file } = await params;
    const outputId = /^([0-9a-f-]{36})\.(png|jpg|webp|mp4)$/i.exec(file)?.[1];
    const search = new URL(request.url).searchParams;
    if (!outputId || !isUuid(outputId) || !validFileSignature(outputId, search.get('expires'), search.get('signature'))) throw notFound();
    const output = await (
      await db()
    ).generationOutput.findFirst({
      where: { id: outputId, status: 'completed', ...LIVE },
      select: { kind: true, upstreamUrl: true, asset: { select: { id: true, storageKey: true, contentType: true } } },
    });
    if (output?.asset) return await serveAsset(request, output.asset, { cacheControl: 'private, max-age=3600' });
    if (!output?.upstreamUrl) throw notFound();
    const remote = await openResultUrl(output.upstreamUrl, output.kind === 'video' ? 'video' : 'image', request.signal).catch(() => {
      throw new AppError('upstream_unavailable', 'The file is not stored yet and the service could not give it.', { apiCode: 'file_unavailable' });
    });
    return new Response(Readable.toWeb(remote.body) as ReadableStream<Uint8Array>, {
      headers: {
        'content-type': remote.contentType,
        ...(remote.length !== undefined ? { 'content-length': String(remote.length) } : {}),
        'cache-control': 'no-store',
      },
    });
  } catch (error) {
    return v1ErrorResponse(error);
  }
}

export { GET as HEAD };
