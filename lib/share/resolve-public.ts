import { db } from '../runtime';
import type { ServableAsset } from '../assets/serve-asset';
import { shareState } from './lifetime';
import { sharedAssetIds, sharedGenerationSelect, toSharedResult, type SharedGenerationRow, type SharedResult } from './shared-result';
import { hashShareToken, isShareToken } from './token';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The generation behind a live link: the token's hash matches, the link is neither revoked nor
 * expired, and the result is finished. Every other case is the same null, so a visitor cannot tell
 * a revoked link from a mistyped one.
 */
async function liveGeneration(token: string): Promise<SharedGenerationRow | null> {
  if (!isShareToken(token)) return null;
  const prisma = await db();
  const link = await prisma.shareLink.findUnique({
    where: { tokenHash: hashShareToken(token) },
    select: { teamId: true, expiresAt: true, revokedAt: true, generation: { select: sharedGenerationSelect } },
  });
  if (!link || shareState(link) !== 'active') return null;
  const generation = link.generation;
  if (generation.teamId !== link.teamId || generation.status !== 'completed') return null;
  return generation;
}

/** What the public page shows for a token, or null (not found). */
export async function resolveSharedResult(token: string): Promise<SharedResult | null> {
  const generation = await liveGeneration(token);
  return generation && toSharedResult(generation);
}

/** One file of a live shared result, or null: another generation's (or another team's) asset is not found. */
export async function resolveSharedAsset(token: string, assetId: string): Promise<ServableAsset | null> {
  if (!UUID.test(assetId)) return null;
  const generation = await liveGeneration(token);
  if (!generation || !sharedAssetIds(generation).has(assetId)) return null;
  const prisma = await db();
  return prisma.asset.findFirst({ where: { id: assetId, teamId: generation.teamId }, select: { id: true, storageKey: true, contentType: true } });
}
