// POST /api/v1/videos/generations: the service's asynchronous video task through Atelier, with an atl_ key.
import { startVideo, videosRequestSchema } from '@/lib/api/videos';
import { jsonBody, withApiKey } from '@/lib/api/v1';

export const dynamic = 'force-dynamic';

export const POST = withApiKey(async (caller, request) => Response.json(await startVideo(caller, await jsonBody(request, videosRequestSchema))));
