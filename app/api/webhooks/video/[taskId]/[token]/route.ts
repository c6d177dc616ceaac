// POST /api/webhooks/video/{taskId}/{token}: the service's completion callback for one video task.
// server.ts answers this path before Next.js (the fast path); this route serves the same handler
// wherever Next.js runs on its own.
import { handleVideoWebhook } from '@/lib/videos/webhook-delivery';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: { params: Promise<{ taskId: string; token: string }> }) {
  const { taskId, token } = await params;
  return handleVideoWebhook(request, taskId, token);
}
