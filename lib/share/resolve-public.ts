import { db } from '../runtime';
import type { ServableAsset } from '../assets/serve-asset';
import { isUuid } from '../ids';
import { shareState } from './lifetime';
import { collectionHoldsAsset, loadSharedCollection, type SharedCollection } from './shared-collection';
import { hideCollection, hideResult, type ShareShow } from './shown';
import { sharedAssetIds, sharedGenerationSelect, toSharedResult, type SharedGenerationRow, type SharedResult } from './shared-result';
import { hashShareToken, isShareToken } from './token';

/** What a live link shows: one result (or one item of it), or a collection; and what it shows beside each picture. */
export type Shared = ({ kind: 'result'; result: SharedResult } | { kind: 'collection'; collection: SharedCollection }) & { show: ShareShow };

type LiveLink = {
  teamId: string;
  generationId: string | null;
  outputId: string | null;
  collectionId: string | null;
  showPrompt: boolean;
  showModel: boolean;
  showSize: boolean;
};

/**
 * The link behind a token when it is live: the hash matches and it is neither revoked nor expired.
 * Every other case is the same null, so a visitor cannot tell a revoked link from a mistyped one.
 */
async function liveLink(token: string): Promise<LiveLink | null> {
  if (!isShareToken(token)) return null;
  const prisma = await db();
  const link = await prisma.shareLink.findUnique({
    where: { tokenHash: hashShareToken(token) },
    select: {
      teamId: true,
      expiresAt: true,
      revokedAt: true,
      generationId: true,
      outputId: true,
      collectionId: true,
      showPrompt: true,
      showModel: true,
      showSize: true,
    },
  });
  return link && shareState(link) === 'active' ? link : null;
}

/** The finished generation a result link shows, with only the linked item when it names one. */
async function sharedGeneration(link: LiveLink): Promise<SharedGenerationRow | null> {
  if (!link.generationId) return null;
  const prisma = await db();
  return prisma.generation.findFirst({
    where: { id: link.generationId, teamId: link.teamId, status: 'completed' },
    select: sharedGenerationSelect(link.outputId),
  });
}

/** What the public page shows for a token, and the team whose files it serves, or null (not found). */
export async function resolveShareOfTeam(token: string): Promise<{ teamId: string; shared: Shared } | null> {
  const link = await liveLink(token);
  if (!link) return null;
  const show = { prompt: link.showPrompt, model: link.showModel, size: link.showSize };
  if (link.collectionId) {
    const collection = await loadSharedCollection(link.collectionId, link.teamId);
    return collection && { teamId: link.teamId, shared: { kind: 'collection', collection: hideCollection(collection, show), show } };
  }
  const generation = await sharedGeneration(link);
  const result = generation && toSharedResult(generation, link.outputId !== null);
  return result && { teamId: link.teamId, shared: { kind: 'result', result: hideResult(result, show), show } };
}

/** What the public page shows for a token, or null (not found). */
export async function resolveShare(token: string): Promise<Shared | null> {
  return (await resolveShareOfTeam(token))?.shared ?? null;
}

/** One file of a live link, or null: a file the link does not show (or another team's) is not found. */
export async function resolveSharedAsset(token: string, assetId: string): Promise<ServableAsset | null> {
  if (!isUuid(assetId)) return null;
  const link = await liveLink(token);
  if (!link) return null;
  if (link.collectionId) {
    if (!(await collectionHoldsAsset(link.collectionId, link.teamId, assetId))) return null;
  } else {
    const generation = await sharedGeneration(link);
    if (!generation || !sharedAssetIds(generation).has(assetId)) return null;
  }
  const prisma = await db();
  return prisma.asset.findFirst({ where: { id: assetId, teamId: link.teamId }, select: { id: true, storageKey: true, contentType: true } });
}
