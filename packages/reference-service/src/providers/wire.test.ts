import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, readAnswer, readCapped } from './wire';

// A provider's bytes are read under a cap, over real HTTP: a body that declares too much is refused
// before it is read, one that never ends is cut off where the cap is, and the provider sees the
// connection go (it stops sending).

const MB = 1024 * 1024;
let server: Server;
let origin: string;
/** How each path's answer ended at the provider's end: the bytes it had written when the client went. */
const hungUp = new Map<string, Promise<number>>();

/** Writes 64 KB chunks until the client goes (never ends by itself), counting what it wrote. */
function endless(res: ServerResponse, path: string, headers: Record<string, string>) {
  res.writeHead(200, headers);
  let written = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  hungUp.set(
    path,
    new Promise((resolve) => {
      res.once('close', () => resolve(written));
      const pump = () => {
        while (!res.destroyed && written < 10 * 1024 * MB) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
    }),
  );
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/declared') endless(res, req.url, { 'content-type': 'image/png', 'content-length': String(10 * 1024 * MB) });
    else if (req.url === '/chunked') endless(res, req.url, { 'content-type': 'image/png' });
    else if (req.url === '/chatty-error') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`upstream http://10.0.0.7:8080 failed: ${'x'.repeat(MB)}`);
    } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('reading what a provider sends', () => {
  it('refuses a body that declares more than the cap before reading it, and hangs up', async () => {
    const res = await fetch(`${origin}/declared`);
    await expect(readCapped(res, MB, 'the result file')).rejects.toMatchObject({
      reason: 'provider_error',
      message: `the result file is larger than ${MB} bytes.`,
    });
    // The provider had written no more than what sockets buffer when it saw the client go.
    expect(await hungUp.get('/declared')).toBeLessThan(16 * MB);
  });

  it('cuts off a chunked body without a length where the cap is, and hangs up', async () => {
    const rss = process.memoryUsage().rss;
    const res = await fetch(`${origin}/chunked`);
    await expect(readCapped(res, 4 * MB, 'the result file')).rejects.toMatchObject({ reason: 'provider_error' });
    expect(await hungUp.get('/chunked')).toBeLessThan(24 * MB);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * MB);
  });

  it("reads an error body's first 16 KB only", async () => {
    const text = await errorText(await fetch(`${origin}/chatty-error`));
    expect(text.startsWith('upstream http://10.0.0.7:8080 failed: xxx')).toBe(true);
    expect(Buffer.byteLength(text)).toBe(16 * 1024);
  });

  it('reads a JSON answer whole when it is within the cap', async () => {
    expect(await readAnswer(await fetch(`${origin}/json`), 'the answer')).toEqual({ text: '{"ok":true}', json: { ok: true } });
  });
});
