import type { IncomingMessage, ServerResponse } from 'node:http';

const KiB = 1024;
const MiB = 1024 * KiB;

/** Body caps by path. Edits carry two images of up to 20 MB and a form; webhooks are small nudges. */
export const BODY_LIMITS = { edit: 42 * MiB, webhook: 64 * KiB, default: 1 * MiB } as const;

/**
 * After the cap, this much more is read (and dropped); then reading stops, and the connection is
 * closed once the client has had time to read the 413. Closing on unread bytes sends a TCP reset,
 * which makes the client's kernel discard our answer if it has not read it yet.
 */
const DRAIN_BYTES = 1 * MiB;
const LINGER_MS = 2_000;

const EDIT_PATHS = new Set(['/edit/run', '/edit/source', '/v1/images/edits', '/api/v1/images/edits']);

/** The cap for a request's body, by its path alone: a query string changes nothing. */
export function bodyLimit(pathname: string): number {
  if (EDIT_PATHS.has(pathname)) return BODY_LIMITS.edit;
  if (pathname.startsWith('/api/webhooks/')) return BODY_LIMITS.webhook;
  return BODY_LIMITS.default;
}

/** Answers 413 unless an answer has begun. */
function tooLarge(res: ServerResponse, limit: number): void {
  if (res.headersSent) return;
  const megabytes = limit >= MiB ? `${limit / MiB} MB` : `${limit / KiB} KB`;
  // The service's error shape (decisions.md row 1): scripts and the UI read `error.code`.
  const body = JSON.stringify({
    error: { message: `The request body is larger than ${megabytes}.`, type: 'request_too_large', code: 'request_too_large', param: null },
  });
  res.writeHead(413, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Caps `req`'s body at `limit` bytes while it streams in, before anything reads it. A declared
 * Content-Length over the cap is answered 413 at once (returns false: do not handle the request).
 * Otherwise every chunk is counted as the HTTP parser hands it over; past the cap no byte and no
 * end-of-body reaches whoever reads the request (so nothing acts on a truncated body), the answer
 * is 413 unless one was already sent, and after at most 1 MB more the connection stops being read
 * and is closed 2 s later, once the client has had the chance to read the answer.
 */
export function capBody(req: IncomingMessage, res: ServerResponse, limit: number): boolean {
  const declared = Number(req.headers['content-length']);
  // A declared length within the cap needs no counting: the HTTP parser reads that many bytes and no
  // more (node refuses a request that declares both a length and chunks).
  if (declared <= limit && req.headers['transfer-encoding'] === undefined) return true;
  let over = Number.isFinite(declared) && declared > limit;
  let seen = 0;
  let dropped = 0;
  const overflow = () => {
    over = true;
    tooLarge(res, limit);
    const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
    timer.unref();
    req.socket.once('close', () => clearTimeout(timer));
  };

  const push = req.push.bind(req);
  req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
    if (over) {
      dropped += chunk?.length ?? 0;
      // Enough read: the client now waits on a full socket and reads our answer meanwhile.
      if (chunk === null || dropped > DRAIN_BYTES) req.socket.pause();
      return true;
    }
    if (chunk !== null) {
      seen += chunk.length;
      if (seen > limit) {
        overflow();
        return true;
      }
    }
    return push(chunk, encoding);
  };

  if (!over) return true;
  overflow();
  return false;
}
