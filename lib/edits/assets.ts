import { createHash, randomUUID } from 'node:crypto';
import type { TeamContext } from '../auth/context';
import { blobStore } from '../assets/store';
import { AppError } from '../errors';
import { db } from '../runtime';
import type { CheckedImage } from './image-input';

async function sha256Of(data: Blob): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of data.stream() as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
  return hash.digest('hex');
}

/** Keeps an uploaded original or mask as a team asset; the same bytes uploaded twice are one asset. */
export async function storeImage(ctx: TeamContext, image: CheckedImage) {
  const prisma = await db();
  const sha256 = await sha256Of(image.data);
  const existing = await prisma.asset.findFirst({ where: { teamId: ctx.team.id, sha256, contentType: image.contentType } });
  if (existing) return existing;
  const id = randomUUID();
  const storageKey = `teams/${ctx.team.id}/images/${id}`;
  const put = await blobStore().put(storageKey, image.data.stream(), { contentType: image.contentType, contentLength: image.data.size });
  return prisma.asset.create({
    data: {
      id,
      teamId: ctx.team.id,
      storageKey,
      contentType: image.contentType,
      size: BigInt(put.size),
      sha256,
      width: image.width,
      height: image.height,
      createdById: ctx.user.id,
    },
  });
}

/** The bytes of one of the team's image assets (a previous result, an upload, a compared image). */
export async function readTeamImage(ctx: TeamContext, assetId: string): Promise<Uint8Array> {
  const prisma = await db();
  const asset = await prisma.asset.findFirst({ where: { id: assetId, teamId: ctx.team.id } });
  if (!asset || !asset.contentType.startsWith('image/')) throw new AppError('not_found', 'That image is not in this team.');
  const blob = await blobStore().get(asset.storageKey);
  if (!blob) throw new AppError('not_found', 'That image is no longer stored.');
  return new Uint8Array(await new Response(blob.body).arrayBuffer());
}
