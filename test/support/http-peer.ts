import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface PeerRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface PeerAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON; `text` is sent as it is. */
  json?: unknown;
  text?: string;
  /** Waits before answering, to outlast a client's deadline. */
  delayMs?: number;
}

/**
 * A tiny real HTTP server that answers exactly what a test tells it to: the shapes other services
 * send that our reference service never does. It records every request it receives.
 */
export async function startPeer() {
  let handler: (req: PeerRequest) => PeerAnswer = () => ({ status: 500, text: 'no handler' });
  const requests: PeerRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) };
    requests.push(request);
    const answer = handler(request);
    if (answer.delayMs) await sleep(answer.delayMs);
    const isJson = answer.json !== undefined;
    res.writeHead(answer.status ?? 200, { 'content-type': isJson ? 'application/json' : 'text/plain', ...answer.headers });
    res.end(isJson ? JSON.stringify(answer.json) : (answer.text ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** Answers every following request with `answer` (a function of the request, or one fixed answer). */
    answer(next: PeerAnswer | ((req: PeerRequest) => PeerAnswer)) {
      handler = typeof next === 'function' ? next : () => next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
