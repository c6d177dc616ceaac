import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { IMAGE_TYPES, makePreview } from '../assets/preview';
import { blobStore } from '../assets/store';
import { AppError } from '../errors';
import { db } from '../runtime';
import { sniffType } from '../storage/sniff';

/** 256 KiB of decoded bytes per chunk: the decoded file never sits in memory whole. */
const CHUNK_CHARS = 4 * 64 * 1024;

/** Decodes base64 a slice at a time (slices are multiples of 4 characters, so each decodes alone). */
export function* decodeBase64Chunks(base64: string): Generator<Buffer> {
  for (let at = 0; at < base64.length; at += CHUNK_CHARS) yield Buffer.from(base64.slice(at, at + CHUNK_CHARS), 'base64');
}

/**
 * Stores an image the service sent inline (`b64_json`) as a team asset: decoded and streamed into
 * storage chunk by chunk, hashed on the way, its type proven by its first bytes.
 */
export async function storeBase64Image(request: { teamId: string; base64: string; createdById: string }) {
  const head = Buffer.from(request.base64.slice(0, 16), 'base64');
  const contentType = sniffType(head);
  if (!contentType || !IMAGE_TYPES.includes(contentType)) throw new AppError('upstream_error', 'The service sent an image in an unknown format.');
  const id = randomUUID();
  const key = `teams/${request.teamId}/images/${id}`;
  const hash = createHash('sha256');
  let size = 0;
  const chunks = decodeBase64Chunks(request.base64);
  const body = Readable.from(
    (function* () {
      for (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    })(),
  );
  await blobStore().put(key, body, { contentType });
  const prisma = await db();
  const asset = await prisma.asset.create({
    data: { id, teamId: request.teamId, storageKey: key, contentType, size: BigInt(size), sha256: hash.digest('hex'), createdById: request.createdById },
  });
  await makePreview(blobStore(), asset);
  return asset;
}
