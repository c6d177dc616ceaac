import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StorageError } from '../errors';
import type { BlobStore } from '../types';
import { failingStream, readAll, webStreamOf } from './streams';

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff));

/** The behaviour every BlobStore must share; each implementation's test file runs it. */
export function blobStoreContract(name: string, store: () => BlobStore): void {
  describe(`${name}: BlobStore contract`, () => {
    it('probes as usable', async () => {
      await expect(store().probe()).resolves.toBeUndefined();
    });

    it('stores a buffer and streams it back with its size, type and etag', async () => {
      const data = bytes(1000);
      const put = await store().put('contract/buffer.png', data, { contentType: 'image/png' });
      expect(put.size).toBe(1000);
      const got = await store().get('contract/buffer.png');
      expect(got).not.toBeNull();
      expect(got!.size).toBe(1000);
      expect(got!.contentType).toBe('image/png');
      expect(got!.etag).toMatch(/^"[^"]+"$/);
      expect(got!.etag).toBe(put.etag);
      expect((await readAll(got!.body)).equals(data)).toBe(true);
    });

    it('stores web and Node streams of unknown and declared length', async () => {
      await store().put('contract/web.txt', webStreamOf('hello ', 'web'), { contentType: 'text/plain' });
      await store().put('contract/node.txt', Readable.from([Buffer.from('hello '), Buffer.from('node')]), {
        contentType: 'text/plain',
        contentLength: 10,
      });
      expect((await readAll((await store().get('contract/web.txt'))!.body)).toString()).toBe('hello web');
      expect((await readAll((await store().get('contract/node.txt'))!.body)).toString()).toBe('hello node');
    });

    it('stores an empty object', async () => {
      await store().put('contract/empty.bin', Buffer.alloc(0), { contentType: 'application/octet-stream' });
      const got = await store().get('contract/empty.bin');
      expect(got!.size).toBe(0);
      expect((await readAll(got!.body)).length).toBe(0);
    });

    it('heads an object without its body, agreeing with get', async () => {
      await store().put('contract/head.mp4', bytes(321), { contentType: 'video/mp4' });
      const head = await store().head('contract/head.mp4');
      const got = await store().get('contract/head.mp4');
      await got!.body.cancel();
      expect(head).toEqual({ size: 321, contentType: 'video/mp4', etag: got!.etag });
    });

    it('serves inclusive byte ranges, clamping the end and reporting the full size', async () => {
      const data = bytes(100);
      await store().put('contract/range.bin', data, { contentType: 'application/octet-stream' });
      const read = async (start: number, end: number) => {
        const got = await store().get('contract/range.bin', { range: { start, end } });
        return { size: got!.size, range: got!.range, body: await readAll(got!.body) };
      };
      expect(await read(10, 19)).toEqual({ size: 100, range: { start: 10, end: 19 }, body: data.subarray(10, 20) });
      expect(await read(0, 0)).toEqual({ size: 100, range: { start: 0, end: 0 }, body: data.subarray(0, 1) });
      expect(await read(99, 99)).toEqual({ size: 100, range: { start: 99, end: 99 }, body: data.subarray(99) });
      expect(await read(90, 5000)).toEqual({ size: 100, range: { start: 90, end: 99 }, body: data.subarray(90) });
      await expect(store().get('contract/range.bin', { range: { start: 100, end: 200 } })).rejects.toMatchObject({
        code: 'invalid_range',
      });
    });

    it('overwrites an object with new bytes, type and etag', async () => {
      const first = await store().put('contract/over', Buffer.from('first'), { contentType: 'text/plain' });
      const second = await store().put('contract/over', Buffer.from('second!'), { contentType: 'image/webp' });
      const got = await store().get('contract/over');
      expect(got).toMatchObject({ size: 7, contentType: 'image/webp', etag: second.etag });
      expect(second.etag).not.toBe(first.etag);
      expect((await readAll(got!.body)).toString()).toBe('second!');
    });

    it('deletes, and deleting a missing key is not an error', async () => {
      await store().put('contract/gone.png', bytes(10), { contentType: 'image/png' });
      await store().delete('contract/gone.png');
      expect(await store().get('contract/gone.png')).toBeNull();
      expect(await store().head('contract/gone.png')).toBeNull();
      await store().delete('contract/gone.png');
    });

    it('answers null for a key that was never stored', async () => {
      expect(await store().get('contract/never/stored.png')).toBeNull();
      expect(await store().head('contract/never/stored.png')).toBeNull();
    });

    it('refuses unsafe keys in every operation', async () => {
      for (const key of ['', '../escape', 'a/../../escape', '/abs/path', 'a//b', 'a/./b', '.hidden', 'a/.meta/x', 'back\\slash', 'nul\0byte', 'a/b/']) {
        await expect(store().put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(StorageError);
        await expect(store().get(key)).rejects.toMatchObject({ code: 'invalid_key' });
        await expect(store().head(key)).rejects.toMatchObject({ code: 'invalid_key' });
        await expect(store().delete(key)).rejects.toMatchObject({ code: 'invalid_key' });
      }
    });

    it('leaves nothing behind when the body fails part-way, even past one multipart part', async () => {
      for (const size of [1000, 17 * 1024 * 1024]) {
        await expect(store().put('contract/failed.bin', failingStream(size), { contentType: 'image/png' })).rejects.toThrow('client went away');
        expect(await store().head('contract/failed.bin')).toBeNull();
      }
    });

    it('keeps the previous object when an overwrite fails', async () => {
      await store().put('contract/keep.png', Buffer.from('original'), { contentType: 'image/png' });
      await expect(store().put('contract/keep.png', failingStream(5000), { contentType: 'image/png' })).rejects.toThrow();
      const got = await store().get('contract/keep.png');
      expect((await readAll(got!.body)).toString()).toBe('original');
    });

    it('refuses a body whose length differs from the declared one', async () => {
      for (const body of ['short', 'much too long for ten']) {
        const put = store().put('contract/length.txt', Readable.from([Buffer.from(body)]), { contentType: 'text/plain', contentLength: 10 });
        await expect(put).rejects.toMatchObject({ code: 'length_mismatch' });
        expect(await store().head('contract/length.txt')).toBeNull();
      }
    });

    it('lets a reader stop early', async () => {
      await store().put('contract/early.bin', bytes(300_000), { contentType: 'application/octet-stream' });
      const got = await store().get('contract/early.bin');
      const reader = got!.body.getReader();
      const first = await reader.read();
      expect(first.value!.length).toBeGreaterThan(0);
      await reader.cancel();
    });
  });
}
