import { createHash, randomUUID } from 'node:crypto';
import { appConfig } from '../config';
import { db } from '../runtime';
import { archiveFromUrl, openRemoteFile } from '../storage';
import { IMAGE_TYPES, makePreview, VIDEO_TYPES } from './preview';
import { blobStore } from './store';

const LIMITS = { image: 100 * 1024 * 1024, video: 2 * 1024 * 1024 * 1024 } as const;

export interface ArchiveRequest {
  teamId: string;
  url: string;
  kind: 'image' | 'video';
  createdById?: string;
}

/**
 * A result's file straight from the service, checked as archiving checks it, for serving while the
 * archive job has not stored it yet.
 */
export function openResultUrl(url: string, kind: 'image' | 'video', signal?: AbortSignal) {
  return openRemoteFile(url, {
    maxBytes: LIMITS[kind],
    allowedTypes: kind === 'image' ? IMAGE_TYPES : VIDEO_TYPES,
    trustedOrigins: [appConfig().upstream.baseUrl],
    signal,
  });
}

/**
 * Copies a result the service serves for 7 days into Atelier's own storage and records it as an
 * asset of the team. Streams end to end; the configured upstream is the only private origin trusted.
 */
export async function archiveResult(request: ArchiveRequest, signal?: AbortSignal) {
  const id = randomUUID();
  const key = `teams/${request.teamId}/${request.kind}s/${id}`;
  const result = await archiveFromUrl(blobStore(), request.url, {
    key,
    maxBytes: LIMITS[request.kind],
    allowedTypes: request.kind === 'image' ? IMAGE_TYPES : VIDEO_TYPES,
    trustedOrigins: [appConfig().upstream.baseUrl],
    signal,
  });
  const prisma = await db();
  const asset = await prisma.asset.create({
    data: {
      id,
      teamId: request.teamId,
      storageKey: result.key,
      contentType: result.contentType,
      size: BigInt(result.size),
      sha256: result.sha256,
      sourceUrl: request.url,
      createdById: request.createdById,
    },
  });
  await makePreview(blobStore(), asset);
  return asset;
}

/** A file Atelier made itself from a result (the mask guard's restored edit), stored as a team asset with its preview. */
export async function storeResultImage(request: { teamId: string; createdById: string; bytes: Buffer; contentType: string }) {
  const id = randomUUID();
  const key = `teams/${request.teamId}/images/${id}`;
  const put = await blobStore().put(key, request.bytes, { contentType: request.contentType, contentLength: request.bytes.length });
  const prisma = await db();
  const asset = await prisma.asset.create({
    data: {
      id,
      teamId: request.teamId,
      storageKey: key,
      contentType: request.contentType,
      size: BigInt(put.size),
      sha256: createHash('sha256').update(request.bytes).digest('hex'),
      createdById: request.createdById,
    },
  });
  await makePreview(blobStore(), asset);
  return asset;
}

/** A stored file's bytes (a result just archived, read back for the mask guard). */
export async function readStored(key: string): Promise<Uint8Array> {
  const blob = await blobStore().get(key);
  if (!blob) throw new Error(`stored file ${key} is missing`);
  return new Uint8Array(await new Response(blob.body).arrayBuffer());
}
