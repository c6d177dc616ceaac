import { appConfig } from '../config';
import { db } from '../runtime';
import { scheduleNudge } from './schedule';
import { verifyStandardWebhook } from './signature';
import { tokenMatches } from './webhook-target';

const UUID = /^[0-9a-f-]{36}$/i;
/** Token hashes never change once written: remember them, so a burst of deliveries costs no queries. */
const knownHashes = new Map<string, string | null>();
/** One nudge in flight per task is enough: later deliveries ride on it. */
const nudging = new Set<string>();

const notFound = () => Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });

async function tokenHash(taskId: string): Promise<string | null | undefined> {
  if (knownHashes.has(taskId)) return knownHashes.get(taskId);
  const prisma = await db();
  const task = await prisma.videoTask.findUnique({ where: { id: taskId }, select: { webhookTokenHash: true } });
  if (!task) return undefined;
  if (task.webhookTokenHash) knownHashes.set(taskId, task.webhookTokenHash);
  return task.webhookTokenHash;
}

/**
 * POST /api/webhooks/video/{taskId}/{token}. The body is only a nudge: after the constant-time token
 * check (and the signature, when the service signs), the answer is immediate and a sync job re-reads
 * the task from the service. A wrong token and an unknown task look the same and change nothing.
 */
export async function handleVideoWebhook(request: Request, taskId: string, token: string): Promise<Response> {
  if (!UUID.test(taskId)) return notFound();
  const hash = await tokenHash(taskId);
  if (hash === undefined || !tokenMatches(token, hash)) return notFound();
  const body = await request.text();
  const secret = appConfig().upstream.webhookSecret;
  if (secret && request.headers.has('webhook-signature') && !verifyStandardWebhook(secret, request.headers, body)) {
    return Response.json({ error: { code: 'invalid_signature', message: 'Signature does not verify.' } }, { status: 401 });
  }
  if (!nudging.has(taskId)) {
    nudging.add(taskId);
    scheduleNudge(taskId)
      .catch((error) => console.error('[webhooks] could not queue a sync; polling will catch up:', (error as Error).message))
      .finally(() => nudging.delete(taskId));
  }
  return new Response(null, { status: 202 });
}
