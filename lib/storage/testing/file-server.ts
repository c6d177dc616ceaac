import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** A node:http server on 127.0.0.1 and a free port, answering from a path -> handler table and counting hits. */
export async function startFileServer(routes: Record<string, Route>) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) route(req, res);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A route sending `body` with a type, and a Content-Length unless `chunked`. */
export const send =
  (contentType: string, body: Buffer, { chunked = false } = {}): Route =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': contentType, ...(chunked ? {} : { 'content-length': body.length }) });
    if (chunked) {
      for (let at = 0; at < body.length; at += 4096) res.write(body.subarray(at, at + 4096));
      res.end();
    } else res.end(body);
  };

export const redirect =
  (location: string, status = 302): Route =>
  (_req, res) => {
    res.writeHead(status, { location }).end();
  };
