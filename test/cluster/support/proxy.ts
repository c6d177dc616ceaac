import { createServer, request as forward, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small round-robin load balancer in front of the replicas: each request goes to the next target;
// a target that refuses the connection (a killed replica) is skipped, as a balancer's health check
// would drop it. Bodies are read first, so a skipped request can be sent again whole.

export interface Proxy {
  origin: string;
  targets: string[];
  /** How many requests each target answered. */
  served: Map<string, number>;
  /** The target that answered the latest request. */
  last: string | null;
  stop(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startProxy(): Promise<Proxy> {
  let next = 0;
  const proxy: Proxy = { origin: '', targets: [], served: new Map(), last: null, stop: async () => {} };
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const attempt = (tries: number) => {
      const target = proxy.targets[next++ % proxy.targets.length];
      const upstream = forward(`${target}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
        proxy.served.set(target, (proxy.served.get(target) ?? 0) + 1);
        proxy.last = target;
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' && tries < proxy.targets.length) attempt(tries + 1);
        else if (!response.headersSent) response.writeHead(502).end();
        else response.destroy();
      });
      upstream.end(body);
    };
    attempt(1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
