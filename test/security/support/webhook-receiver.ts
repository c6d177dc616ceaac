import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** One request the receiver was sent. */
export interface Delivery {
  headers: Record<string, string>;
  body: string;
  at: number;
}

export interface WebhookReceiver {
  /** Every delivery so far, in the order they came. */
  deliveries: Delivery[];
  port: number;
  close(): void;
}

/**
 * A webhook receiver on 127.0.0.1, at a free port: it keeps every delivery and answers each 204, or
 * what `status` says given the deliveries so far (that one included). HTTPS with `tls`.
 */
export async function startWebhookReceiver({
  tls,
  status = () => 204,
}: { tls?: { key: Buffer; cert: Buffer }; status?: (deliveries: Delivery[]) => number } = {}): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const receive = (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers as Record<string, string>, body, at: Date.now() });
      response.writeHead(status(deliveries)).end();
    });
  };
  const server = tls ? createHttpsServer(tls, receive) : createHttpServer(receive);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { deliveries, port: (server.address() as AddressInfo).port, close: () => server.close() };
}
