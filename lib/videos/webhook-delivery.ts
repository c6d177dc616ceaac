import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appConfig } from '../config';
import { db } from '../runtime';
import { scheduleNudge } from './schedule';
import { noteHeard } from './sync-task';
import { verifyStandardWebhook } from './signature';
import { tokenMatches } from './webhook-target';
import { machineAnswerHeaders } from '../http/security-headers';
import { isUuid } from '../ids';
import { metrics } from '../observability/metrics';
import { requestIdFrom } from '../observability/context';
import { logRequest } from '../observability/http';
import { log } from '../observability/log';

/**
 * Token hashes never change once written: remember them, so a burst of deliveries costs one query
 * per task, and once known a delivery is judged without a promise. The lookup itself is shared too:
 * 50 deliveries arriving together wait on the same one. Once a delivery has proved a task's token,
 * later ones are compared with it directly (in constant time) instead of being hashed.
 */
const knownHashes = new Map<string, string>();
const provenTokens = new Map<string, Buffer>();
/**
 * These and the nudges' maps below are caches: past this many tasks they start again (a task's
 * deliveries come within hours).
 */
const REMEMBERED_TASKS = 10_000;
function remember<T>(map: Map<string, T>, taskId: string, value: T): void {
  if (map.size >= REMEMBERED_TASKS) map.clear();
  map.set(taskId, value);
}
const lookups = new Map<string, Promise<string | null | undefined>>();
/**
 * Nudges are coalesced per task: the first delivery of a burst asks for one re-read NUDGE_DELAY_MS
 * later, and every delivery until then rides on it. A burst of 50 costs one job, sent after the
 * burst (not a database write in the middle of it), and the job reads the task as the burst left it.
 * A task is re-read at most once per NUDGE_INTERVAL_MS, however often deliveries come: whoever
 * replays a webhook URL cannot make Atelier ask the service faster. Every delivery is still followed
 * by a re-read that starts after it.
 */
const NUDGE_DELAY_MS = 250;
const NUDGE_INTERVAL_MS = 1000;
const pendingNudges = new Set<string>();
const lastNudges = new Map<string, number>();
/**
 * Tasks whose generation has ended: a delivery can change nothing there, so it is answered without
 * a nudge (the service may still send, and retry, deliveries for them).
 */
const endedTasks = new Map<string, true>();

function nudge(taskId: string): void {
  if (pendingNudges.has(taskId) || endedTasks.has(taskId)) return;
  pendingNudges.add(taskId);
  const sinceLast = performance.now() - (lastNudges.get(taskId) ?? -Infinity);
  setTimeout(sendNudge, Math.max(NUDGE_DELAY_MS, NUDGE_INTERVAL_MS - sinceLast), taskId).unref();
}

function sendNudge(taskId: string): void {
  pendingNudges.delete(taskId);
  remember(lastNudges, taskId, performance.now());
  noteHeard(taskId)
    .then((open) => (open ? scheduleNudge(taskId) : remember(endedTasks, taskId, true)))
    .catch((error) => log().error({ err: error, taskId }, 'webhook: could not queue a sync; polling will catch up'));
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
        if (hash) remember(knownHashes, taskId, hash);
        lookups.delete(taskId);
      },
      () => lookups.delete(taskId),
    );
  }
  return lookup;
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
function judgeDelivery(taskId: string, token: string, signed?: { headers: Pick<Headers, 'get'>; body: string; secret: string }): Answer | Promise<Answer> {
  if (signed && !verifyStandardWebhook(signed.secret, signed.headers, signed.body)) return UNSIGNED;
  return judgeToken(taskId, token);
}

function counted(answer: Answer): Answer {
  metrics().webhooks.inc({ direction: 'in', kind: 'video', outcome: answer.status === 202 ? 'accepted' : 'refused' });
  return answer;
}

function judgeToken(taskId: string, token: string): Answer | Promise<Answer> {
  if (!isUuid(taskId)) return NOT_FOUND;
  const proven = provenTokens.get(taskId);
  if (proven) return sameToken(token, proven) ? accept(taskId) : NOT_FOUND;
  const known = knownHashes.get(taskId);
  if (known) return checkToken(taskId, token, known);
  return lookUpHash(taskId).then((hash) => (hash === undefined ? NOT_FOUND : checkToken(taskId, token, hash)));
}

function checkToken(taskId: string, token: string, hash: string | null): Answer {
  if (!tokenMatches(token, hash)) return NOT_FOUND;
  remember(provenTokens, taskId, Buffer.from(token));
  return accept(taskId);
}

function sameToken(token: string, proven: Buffer): boolean {
  const given = Buffer.from(token);
  return given.length === proven.length && timingSafeEqual(given, proven);
}

function accept(taskId: string): Answer {
  nudge(taskId);
  return ACCEPTED;
}

/** POST /api/webhooks/video/{taskId}/{token} inside Next.js (the route handler). */
export async function handleVideoWebhook(request: Request, taskId: string, token: string): Promise<Response> {
  const secret = appConfig().upstream.webhookSecret;
  const signed = secret ? { secret, headers: request.headers, body: await request.text() } : undefined;
  const answer = counted(await judgeDelivery(taskId, token, signed));
  return answer.status === 202
    ? new Response(null, { status: 202 })
    : Response.json({ error: { code: answer.code, message: answer.message } }, { status: answer.status });
}

/**
 * The same route on server.ts's fast path, in plain node:http: no web Request/stream objects, and
 * on an unsigned deployment's path no closure and no promise per delivery either, which is what a
 * burst of 500 would otherwise cost. Accepted deliveries are an empty 202 (no page headers: there is
 * nothing for a browser to render); refusals carry a JSON body and the machine-answer headers.
 */
export function handleVideoWebhookNode(req: IncomingMessage, res: ServerResponse, taskId: string, token: string): void {
  const secret = appConfig().upstream.webhookSecret;
  let judged: Answer | Promise<Answer>;
  try {
    judged = secret ? readBody(req).then((body) => judgeDelivery(taskId, token, { secret, headers: nodeHeaders(req), body })) : judgeDelivery(taskId, token);
  } catch (error) {
    judged = Promise.reject(error);
  }
  if (!(judged instanceof Promise)) return respond(req, res, judged);
  judged.then(
    (answer) => respond(req, res, answer),
    (error: unknown) => {
      // A body cut off (too large, or the sender left) was answered by the cap or has no one to answer.
      if (req.destroyed || res.headersSent) return;
      log().error({ err: error }, 'webhook: the route failed to answer');
      res.writeHead(500).end();
    },
  );
}

let refusalHeaders: Readonly<Record<string, string>> | undefined;

/**
 * Accepted deliveries are only counted (server.ts gives them no request id or timing: they come by
 * the hundred). A refusal is what an operator looks for: it has a request id, in its answer and in
 * the access log line every other request has.
 */
function respond(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  counted(answer);
  if (answer.status === 202) {
    res.writeHead(202).end();
    return;
  }
  // An unread body is drained so the connection stays usable for the next delivery.
  req.resume();
  const requestId = requestIdFrom(req.headers['x-request-id']);
  logRequest({ requestId, method: req.method, pathname: (req.url ?? '').split('?')[0], kind: 'webhook', status: answer.status });
  refusalHeaders ??= machineAnswerHeaders(appConfig());
  res
    .writeHead(answer.status, { ...refusalHeaders, 'content-type': 'application/json', 'x-request-id': requestId })
    .end(JSON.stringify({ error: { code: answer.code, message: answer.message } }));
}

function nodeHeaders(req: IncomingMessage): Pick<Headers, 'get'> {
  return { get: (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null) };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('close', () => reject(new Error('the delivery was cut off')));
  });
}
