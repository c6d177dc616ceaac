import { appConfig } from '../config';
import { db } from '../runtime';
import { scheduleNudge } from './schedule';
import { verifyStandardWebhook } from './signature';
import { tokenMatches } from './webhook-target';

const UUID = /^[0-9a-f-]{36}$/i;
/**
 * Token hashes never change once written: remember them, so a burst of deliveries costs one query
 * per task. The lookup itself is shared too: 50 deliveries arriving together wait on the same one.
 */
const knownHashes = new Map<string, Promise<string | null | undefined>>();
/** One nudge in flight per task is enough: later deliveries ride on it. */
const nudging = new Set<string>();

const notFound = () => Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });

function tokenHash(taskId: string): Promise<string | null | undefined> {
  let lookup = knownHashes.get(taskId);
  if (!lookup) {
    lookup = db()
      .then((prisma) => prisma.videoTask.findUnique({ where: { id: taskId }, select: { webhookTokenHash: true } }))
      .then((task) => task?.webhookTokenHash ?? (task ? null : undefined));
    knownHashes.set(taskId, lookup);
    // Only a written hash is final: an unknown task or one without a webhook is asked again next time.
    lookup.then(
      (hash) => hash || knownHashes.delete(taskId),
      () => knownHashes.delete(taskId),
    );
  }
  return lookup;
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
