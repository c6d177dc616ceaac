// GET /api/v1/files/{output id}.{ext}?expires=…&signature=…: a file the API answered with. From
// Atelier's storage once archived; until then, a redirect to the service's own URL (valid 7 days).
import { validFileSignature } from '@/lib/api/file-urls';
import { v1ErrorResponse } from '@/lib/api/v1';
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
      select: { upstreamUrl: true, asset: { select: { id: true, storageKey: true, contentType: true } } },
    });
    if (output?.asset) return await serveAsset(request, output.asset, { cacheControl: 'private, max-age=3600' });
    if (output?.upstreamUrl) return new Response(null, { status: 302, headers: { location: output.upstreamUrl, 'cache-control': 'no-store' } });
    throw notFound();
  } catch (error) {
    return v1ErrorResponse(error);
  }
}

export { GET as HEAD };
