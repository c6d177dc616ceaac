import { Readable } from 'node:stream';

export async function readAll(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function webStreamOf(...parts: (string | Buffer)[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(new Uint8Array(Buffer.from(part)));
      controller.close();
    },
  });
}

/** Yields `bytes` bytes of `chunk` (repeated), then fails: a client that disconnects mid-upload. */
export function failingStream(bytes: number, chunk = Buffer.alloc(64 * 1024, 0x61)): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) return this.destroy(new Error('client went away'));
      const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
      sent += part.length;
      this.push(part);
    },
  });
}
