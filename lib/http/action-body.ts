import { IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A POST to a page is a server action (sent by React with a `Next-Action` header, or a plain
 * multipart form). Next.js answers 500 to a body it cannot decode; Atelier answers 400 instead,
 * so this is checked before Next.js sees it.
 */
export function isActionPost(req: IncomingMessage, pathname: string): boolean {
  if (req.method !== 'POST' || pathname.startsWith('/api/') || pathname.startsWith('/v1/') || pathname === '/edit/run') return false;
  return req.headers['next-action'] !== undefined || mediaType(req) === 'multipart/form-data';
}

function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** The whole body (capBody has capped it at 1 MB), or null if the client left or the cap cut it. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', () => resolve(null));
    req.once('close', () => resolve(null));
  });
}

async function decodable(req: IncomingMessage, body: Buffer): Promise<boolean> {
  const type = mediaType(req);
  if (type === 'text/plain') {
    try {
      JSON.parse(body.toString('utf8'));
      return true;
    } catch {
      return false;
    }
  }
  if (type !== 'multipart/form-data') return false;
  try {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers['content-type']! } }).formData();
    return [...form.keys()].length > 0;
  } catch {
    return false;
  }
}

/** The request again, with its already-read body, for Next.js to read as if it came off the socket. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.push(body);
  copy.push(null);
  copy.complete = true;
  return copy;
}

/** Reads and checks a server action's body: the request to hand to Next.js, or null once answered (400) or gone. */
export async function checkActionBody(req: IncomingMessage, res: ServerResponse): Promise<IncomingMessage | null> {
  const body = await readBody(req);
  if (body === null) return null;
  if (await decodable(req, body)) return replay(req, body);
  if (!res.headersSent) {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'invalid_input', message: 'This form submission could not be read. Reload the page and try again.' } }));
  }
  return null;
}
