import type { IncomingMessage, ServerResponse } from 'node:http';
import { appConfig } from '../config';
import { db } from '../runtime';
import { scheduleNudge } from './schedule';
import { verifyStandardWebhook } from './signature';
import { tokenMatches } from './webhook-target';
import { isUuid } from '../ids';
import { metrics } from '../observability/metrics';
import { log } from '../observability/log';

/**
 * Token hashes never change once written: remember them, so a burst of deliveries costs one query
 * per task, and once known a delivery is judged without a promise. The lookup itself is shared too:
 * 50 deliveries arriving together wait on the same one.
 */
const knownHashes = new Map<string, string>();
const lookups = new Map<string, Promise<string | null | undefined>>();
/**
 * Nudges are coalesced per task: the first delivery queues a re-read at once; deliveries within the
 * next second ride on one more re-read at the end of that second, so the last delivery's news is
 * always read. A burst of 50 costs two jobs, not 50 sends that the queue would drop as duplicates.
 */
const NUDGE_WINDOW_MS = 1000;
const nudges = new Map<string, { at: number; trailing: boolean }>();

function nudge(taskId: string): void {
  const now = Date.now();
  const last = nudges.get(taskId);
  const send = () => scheduleNudge(taskId).catch((error) => log().error({ err: error, taskId }, 'webhook: could not queue a sync; polling will catch up'));
  if (!last || now - last.at >= NUDGE_WINDOW_MS) {
    if (nudges.size > 10_000) for (const [id, n] of nudges) if (now - n.at >= NUDGE_WINDOW_MS && !n.trailing) nudges.delete(id);
    nudges.set(taskId, { at: now, trailing: false });
    void send();
    return;
  }
  if (last.trailing) return;
  last.trailing = true;
  setTimeout(
    () => {
      nudges.set(taskId, { at: Date.now(), trailing: false });
      void send();
    },
    NUDGE_WINDOW_MS - (now - last.at),
  ).unref();
}

/** The task's token hash: null when it has no webhook, undefined when there is no such task. */
function lookUpHash(taskId: string): Promise<string | null | undefined> {
  let lookup = lookups.get(taskId);
  if (!lookup) {
    lookup = db()
      .then((prisma) => prisma.videoTask.findUnique({ where: { id: taskId }, select: { webhookTokenHash: true } }))
      .then((task) => task?.webhookTokenHash ?? (task ? null : undefined));
    lookups.set(taskId, lookup);
    // Only a written hash is final: an unknown task or one without a webhook is asked again next time.
    lookup.then(
      (hash) => {
        if (hash) knownHashes.set(taskId, hash);
        lookups.delete(taskId);
      },
      () => lookups.delete(taskId),
    );
  }
  return lookup;
}

interface Delivery {
  taskId: string;
  token: string;
  headers: Pick<Headers, 'get'>;
  /** Read only when a signature is to be checked. */
  body: () => Promise<string>;
}

type Answer = { status: 202 } | { status: 401 | 404; code: string; message: string };
const ACCEPTED: Answer = { status: 202 };
const NOT_FOUND: Answer = { status: 404, code: 'not_found', message: 'Not found.' };
const UNSIGNED: Answer = { status: 401, code: 'invalid_signature', message: 'The delivery is not signed with the webhook secret.' };

/**
 * One webhook delivery for a video task. With a webhook secret configured (the embedded default),
 * the signature is checked first: an unsigned or wrongly signed delivery is refused before anything
 * is looked up. Then the constant-time token check; a wrong token and an unknown task look the
 * same and change nothing. The body is only a nudge: the answer is immediate and a sync job
 * re-reads the task from the service. (Bodies are capped at 64 KB by server.ts, on every path.)
 * Answered synchronously when it can be (no signature to read, the task's hash known): a burst's
 * deliveries then cost no promises at all.
 */
function judgeDelivery(delivery: Delivery): Answer | Promise<Answer> {
  const secret = appConfig().upstream.webhookSecret;
  if (!secret) return judgeToken(delivery);
  return delivery.body().then((text) => (verifyStandardWebhook(secret, delivery.headers, text) ? judgeToken(delivery) : UNSIGNED));
}

function counted(answer: Answer): Answer {
  metrics().webhooks.inc({ direction: 'in', kind: 'video', outcome: answer.status === 202 ? 'accepted' : 'refused' });
  return answer;
}

function judgeToken({ taskId, token }: Delivery): Answer | Promise<Answer> {
  if (!isUuid(taskId)) return NOT_FOUND;
  const known = knownHashes.get(taskId);
  if (known) return checkToken(taskId, token, known);
  return lookUpHash(taskId).then((hash) => (hash === undefined ? NOT_FOUND : checkToken(taskId, token, hash)));
}

function checkToken(taskId: string, token: string, hash: string | null): Answer {
  if (!tokenMatches(token, hash)) return NOT_FOUND;
  nudge(taskId);
  return ACCEPTED;
}

/** POST /api/webhooks/video/{taskId}/{token} inside Next.js (the route handler). */
export async function handleVideoWebhook(request: Request, taskId: string, token: string): Promise<Response> {
  const answer = counted(await judgeDelivery({ taskId, token, headers: request.headers, body: () => request.text() }));
  return answer.status === 202
    ? new Response(null, { status: 202 })
    : Response.json({ error: { code: answer.code, message: answer.message } }, { status: answer.status });
}

/**
 * The same route on server.ts's fast path, in plain node:http: no web Request/stream objects per
 * delivery, which is most of what a burst of 500 would otherwise cost.
 */
export function handleVideoWebhookNode(req: IncomingMessage, res: ServerResponse, taskId: string, token: string): void {
  const headers = { get: (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null) };
  const body = () =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
      req.on('close', () => reject(new Error('the delivery was cut off')));
    });
  const respond = (answer: Answer) => {
    counted(answer);
    if (answer.status === 202) {
      res.writeHead(202).end();
    } else {
      // An unread body is drained so the connection stays usable for the next delivery.
      req.resume();
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: answer.code, message: answer.message } }));
    }
  };
  let judged: Answer | Promise<Answer>;
  try {
    judged = judgeDelivery({ taskId, token, headers, body });
  } catch (error) {
    judged = Promise.reject(error);
  }
  if (!(judged instanceof Promise)) return respond(judged);
  judged.then(respond, (error: unknown) => {
    // A body cut off (too large, or the sender left) was answered by the cap or has no one to answer.
    if (req.destroyed || res.headersSent) return;
    log().error({ err: error }, 'webhook: the route failed to answer');
    res.writeHead(500).end();
  });
}
