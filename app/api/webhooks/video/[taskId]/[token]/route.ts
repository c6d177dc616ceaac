// POST /api/webhooks/video/{taskId}/{token}: the service's completion callback for one video task.
import { appConfig } from '@/lib/config';
import { db } from '@/lib/runtime';
import { verifyStandardWebhook } from '@/lib/videos/signature';
import { scheduleSync } from '@/lib/videos/schedule';
import { syncVideoTask } from '@/lib/videos/sync-task';
import { tokenMatches } from '@/lib/videos/webhook-target';

export const dynamic = 'force-dynamic';

const notFound = () => Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });

export async function POST(request: Request, { params }: { params: Promise<{ taskId: string; token: string }> }) {
  const { taskId, token } = await params;
  const prisma = await db();
  const task = /^[0-9a-f-]{36}$/i.test(taskId)
    ? await prisma.videoTask.findUnique({ where: { id: taskId }, select: { id: true, webhookTokenHash: true } })
    : null;
  // A wrong token and an unknown task look the same, and change nothing.
  if (!task || !tokenMatches(token, task.webhookTokenHash)) return notFound();

  const body = await request.text();
  const secret = appConfig().upstream.webhookSecret;
  if (secret && request.headers.has('webhook-signature') && !verifyStandardWebhook(secret, request.headers, body)) {
    return Response.json({ error: { code: 'invalid_signature', message: 'Signature does not verify.' } }, { status: 401 });
  }
  // The body is only a nudge: re-read the task from the service, then answer fast.
  try {
    const state = await syncVideoTask(task.id, { heard: true });
    if (state === 'running') await scheduleSync(task.id, 30);
  } catch (error) {
    console.error('[webhooks] sync after a delivery failed; polling will catch up:', (error as Error).message);
    await scheduleSync(task.id, 5);
  }
  return new Response(null, { status: 204 });
}
