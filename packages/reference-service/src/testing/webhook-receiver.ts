import { createServer, type Server } from 'node:http';

export interface ReceivedWebhook {
  at: number;
  headers: Record<string, string>;
  body: string;
}

/** A local HTTP endpoint that records every delivery and answers with the next status in `statuses` (then 200). */
export async function startReceiver(statuses: number[] = []) {
  const received: ReceivedWebhook[] = [];
  const queue = [...statuses];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ at: Date.now(), headers: req.headers as Record<string, string>, body });
      res.writeHead(queue.shift() ?? 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/hooks/video`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
