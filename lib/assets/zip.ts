import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { blobStore } from './store';

export interface ZipEntry {
  name: string;
  /** Opened only when the entry's turn comes, so one file streams at a time. */
  open: () => Promise<AsyncIterable<Uint8Array>>;
}

/** An entry streamed from storage when its turn comes. */
export const storedEntry = (name: string, storageKey: string): ZipEntry => ({
  name,
  open: async () => {
    const blob = await blobStore().get(storageKey);
    if (!blob) throw new Error(`${name} is missing from storage`);
    return Readable.fromWeb(blob.body as never) as AsyncIterable<Uint8Array>;
  },
});

/** A text file (UTF-8) made in memory. */
export const textEntry = (name: string, text: string): ZipEntry => ({
  name,
  open: async () => Readable.from([Buffer.from(text)]),
});

/** `value` as pretty-printed JSON. */
export const jsonEntry = (name: string, value: unknown): ZipEntry => textEntry(name, JSON.stringify(value, null, 2));

/** The entries as a web stream, for a route's response body. */
export const zipBody = (entries: ZipEntry[]): ReadableStream<Uint8Array> => Readable.toWeb(Readable.from(zipStream(entries))) as ReadableStream<Uint8Array>;

/** Past these, a field does not fit and ZIP64 carries the value (APPNOTE 4.5.3). */
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;

function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** The data descriptor after a file: 8-byte sizes once a size passes 4 GiB. */
function descriptor(crc: number, size: number): Buffer {
  const wide = size >= MAX_32;
  const out = Buffer.alloc(wide ? 24 : 16);
  out.writeUInt32LE(0x08074b50, 0);
  out.writeUInt32LE(crc >>> 0, 4);
  if (wide) {
    out.writeBigUInt64LE(BigInt(size), 8);
    out.writeBigUInt64LE(BigInt(size), 16);
  } else {
    out.writeUInt32LE(size, 8);
    out.writeUInt32LE(size, 12);
  }
  return out;
}

/** A central directory header; sizes and offset past 4 GiB go into a ZIP64 extra field. */
function centralHeader(name: Buffer, crc: number, size: number, offset: number, stamp: { time: number; date: number }): Buffer {
  const wide = [size >= MAX_32 ? size : null, size >= MAX_32 ? size : null, offset >= MAX_32 ? offset : null].filter((v): v is number => v !== null);
  const extra = Buffer.alloc(wide.length ? 4 + 8 * wide.length : 0);
  if (wide.length) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(8 * wide.length, 2);
    wide.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  }
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(wide.length ? 45 : 20, 4);
  header.writeUInt16LE(wide.length ? 45 : 20, 6);
  header.writeUInt16LE(0x0808, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.date, 14);
  header.writeUInt32LE(crc >>> 0, 16);
  header.writeUInt32LE(Math.min(size, MAX_32), 20);
  header.writeUInt32LE(Math.min(size, MAX_32), 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt32LE(Math.min(offset, MAX_32), 42);
  return Buffer.concat([header, name, extra]);
}

/** The end of the archive; with ZIP64's record and locator first when a count, size or offset does not fit. */
function end(count: number, directorySize: number, directoryOffset: number): Buffer {
  const classic = Buffer.alloc(22);
  classic.writeUInt32LE(0x06054b50, 0);
  classic.writeUInt16LE(Math.min(count, MAX_16), 8);
  classic.writeUInt16LE(Math.min(count, MAX_16), 10);
  classic.writeUInt32LE(Math.min(directorySize, MAX_32), 12);
  classic.writeUInt32LE(Math.min(directoryOffset, MAX_32), 16);
  if (count < MAX_16 && directorySize < MAX_32 && directoryOffset < MAX_32) return classic;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4); // size of the rest of this record
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, classic]);
}

/**
 * A store-only ZIP (no compression: images and videos are compressed already) written as a stream:
 * each file's CRC and size follow it in a data descriptor, so nothing is buffered. Files and
 * archives past 4 GiB are written as ZIP64 where, and only where, a field would overflow.
 */
export async function* zipStream(entries: ZipEntry[], now = new Date()): AsyncGenerator<Uint8Array> {
  const stamp = dosDateTime(now);
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 names
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(stamp.time, 10);
    local.writeUInt16LE(stamp.date, 12);
    local.writeUInt16LE(name.length, 26);
    yield local;
    yield name;
    let crc = 0;
    let size = 0;
    for await (const chunk of await entry.open()) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      yield chunk;
    }
    const after = descriptor(crc, size);
    yield after;
    central.push(centralHeader(name, crc, size, offset, stamp));
    offset += local.length + name.length + size + after.length;
  }
  const directory = Buffer.concat(central);
  yield directory;
  yield end(entries.length, directory.length, offset);
}
