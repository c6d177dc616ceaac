// POST /api/v1/images/generations: the service's multi-model generation through Atelier, with an atl_ key.
import { generateImages, generationsRequestSchema } from '@/lib/api/generations';
import { jsonBody, withApiKey } from '@/lib/api/v1';

export const dynamic = 'force-dynamic';
export const maxDuration = 120;

export const POST = withApiKey(async (caller, request) => {
  const body = await jsonBody(request, generationsRequestSchema);
  return Response.json(await generateImages(caller, body, request.signal));
});
