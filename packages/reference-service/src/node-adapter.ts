import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A node:http request as a web Request (body streamed, not buffered); `signal` aborts it. */
export function toWebRequest(req: IncomingMessage, origin: string, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: 'half',
    signal,
  } as RequestInit);
}

/** Writes a web Response to a node:http response, streaming its body. */
export async function sendWebResponse(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) await pipeline(Readable.fromWeb(response.body as never), res);
  else res.end();
}

/**
 * A node:http handler for a web Request -> Response handler: how the service is served, on its own
 * (server.ts) or mounted inside another server (Atelier's, at /v1). A client that leaves before
 * the answer aborts the request's signal; leaving mid-body is not a failure; anything else is
 * logged and answered 500.
 */
export function nodeHandler(handle: (request: Request) => Promise<Response>, fallbackOrigin: string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const left = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) left.abort();
    });
    try {
      await sendWebResponse(await handle(toWebRequest(req, req.headers.host ? `http://${req.headers.host}` : fallbackOrigin, left.signal)), res);
    } catch (error) {
      const clientLeft = (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' && res.destroyed;
      if (!clientLeft) console.error('[reference-service] failed to answer', error);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    }
  };
}
