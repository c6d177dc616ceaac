import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it, vi } from 'vitest';
import { nodeHandler } from '../src/node-adapter';

// A client that leaves in the middle of a long download is ordinary traffic, not a failure.

afterEach(() => vi.restoreAllMocks());

it('says nothing when a client leaves mid-download, and still reports a handler that fails', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const chunk = new Uint8Array(64 * 1024);
  const server = createServer(
    nodeHandler(async (request) => {
      if (request.url.endsWith('/broken')) throw new Error('broken');
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent++ > 2000) controller.close();
          else controller.enqueue(chunk);
          await sleep(1);
        },
      });
      return new Response(body, { headers: { 'content-type': 'video/mp4' } });
    }, 'http://127.0.0.1'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  for (let i = 0; i < 3; i++) {
    const leaving = new AbortController();
    const answer = await fetch(`${origin}/file.mp4`, { signal: leaving.signal });
    await answer.body!.getReader().read();
    leaving.abort();
  }
  await sleep(300);
  expect(errors).not.toHaveBeenCalled();

  expect((await fetch(`${origin}/broken`)).status).toBe(500);
  expect(errors).toHaveBeenCalledTimes(1);
  server.close();
});
