import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import type { GenerationKind } from '../db/generated/enums';
import { db } from '../runtime';
import { shareState, type ShareState } from './lifetime';

/** What a link shows, as Settings names it: a result (or one item of it), or a collection. */
export type SharedTarget =
  { kind: GenerationKind; generationId: string; outputId: string | null; title: string } | { kind: 'collection'; collectionId: string; title: string };

export interface ShareLinkSummary {
  id: string;
  target: SharedTarget;
  createdBy: string;
  mine: boolean;
  createdAt: Date;
  expiresAt: Date | null;
  state: ShareState;
  /** Opened by people (link-preview bots not counted), and when last. */
  views: number;
  lastViewedAt: Date | null;
}

/** The links Settings lists, newest first: a member's own, or the whole team's for owners and admins. */
export async function listShareLinks(ctx: TeamContext, take = 100): Promise<ShareLinkSummary[]> {
  const prisma = await db();
  const everyone = atLeast(ctx.role, 'admin');
  const rows = await prisma.shareLink.findMany({
    where: { teamId: ctx.team.id, ...(everyone ? {} : { createdById: ctx.user.id }) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    select: {
      id: true,
      createdAt: true,
      expiresAt: true,
      revokedAt: true,
      views: true,
      lastViewedAt: true,
      createdById: true,
      outputId: true,
      createdBy: { select: { name: true, email: true } },
      generation: { select: { id: true, kind: true, prompt: true } },
      collection: { select: { id: true, name: true } },
    },
  });
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    target: row.collection
      ? { kind: 'collection', collectionId: row.collection.id, title: row.collection.name }
      : { kind: row.generation!.kind, generationId: row.generation!.id, outputId: row.outputId, title: row.generation!.prompt },
    createdBy: row.createdBy.name || row.createdBy.email,
    mine: row.createdById === ctx.user.id,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    state: shareState(row, now),
    views: row.views,
    lastViewedAt: row.lastViewedAt,
  }));
}
