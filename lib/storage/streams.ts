import { Readable } from 'node:stream';
import type { BlobBody } from './types';

export function toNodeReadable(body: BlobBody): Readable {
  if (body instanceof Uint8Array) return Readable.from([body], { objectMode: false });
  if (body instanceof Readable) return body;
  if (isWebStream(body)) return Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  return Readable.from(body as AsyncIterable<Uint8Array>, { objectMode: false });
}

function isWebStream(body: BlobBody): body is ReadableStream<Uint8Array> {
  return typeof (body as ReadableStream).getReader === 'function';
}

/**
 * A pull-based web stream over a Node stream: one chunk is read only when the consumer asks, so a
 * slow client never makes us hold more than a chunk (Readable.toWeb queues eagerly on Node 20).
 */
export function toWebStream(readable: Readable): ReadableStream<Uint8Array> {
  const chunks = readable[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      async cancel() {
        // An iterator never pulled from ignores return(): destroy so the file or socket is released.
        readable.destroy();
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Bytes `skip` .. `skip + take - 1` of `source`; stops reading (and closes the source) once they are out. */
export async function* sliceBytes(source: AsyncIterable<Buffer>, skip: number, take: number): AsyncGenerator<Buffer> {
  if (take <= 0) return;
  for await (let chunk of source) {
    if (skip >= chunk.length) {
      skip -= chunk.length;
      continue;
    }
    chunk = chunk.subarray(skip);
    skip = 0;
    if (chunk.length >= take) {
      yield chunk.subarray(0, take);
      return;
    }
    take -= chunk.length;
    yield chunk;
  }
}
