import { z } from 'zod';
import { isUuid } from '../ids';
import type { TeamContext } from '../auth/context';
import type { Prisma } from '../db/generated/client';
import { db } from '../runtime';
import { ASPECT_RATIOS, RESOLUTIONS } from './estimate';
import { scheduleNudge } from './schedule';
import { secondsLeft, type VideoLive, type VideoState, type VideoSummary } from './view';
import { GENERATION_IN_VIEW, LIVE } from '../generations/visibility';

/** The params createVideo stored, read defensively: old or odd rows still render. */
export const videoParamsSchema = z.object({
  model: z.string().catch('unknown'),
  duration: z.number().int().positive().nullable().catch(null),
  resolution: z.enum(RESOLUTIONS).catch('720p'),
  audio: z.boolean().catch(false),
  aspectRatio: z.enum(ASPECT_RATIOS).catch('16:9'),
});

/** The library's filters and page, from the URL: a malformed one is an address that does not exist (404). */
export const videoFiltersSchema = z.object({
  status: z.enum(['active', 'completed', 'failed']).optional(),
  model: z
    .string()
    .regex(/^[\w.:/-]{1,200}$/)
    .optional(),
  scope: z.enum(['team', 'mine']).default('team'),
  /** Paging: the page starts after this video (`<createdAt ISO>~<id>` of the last one shown). */
  before: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z~[0-9a-f-]{36}$/i)
    .refine((cursor) => !Number.isNaN(Date.parse(cursor.split('~')[0])) && isUuid(cursor.split('~')[1]))
    .optional(),
});
export type VideoFilters = z.infer<typeof videoFiltersSchema>;

const liveSelect = {
  id: true,
  status: true,
  errorMessage: true,
  errorCode: true,
  videoTask: { select: { id: true, status: true, progress: true, estimatedRemaining: true, estimatedAt: true, syncedAt: true, errorMessage: true } },
  outputs: { where: { assetId: { not: null }, ...LIVE }, select: { id: true, assetId: true }, take: 1 },
} satisfies Prisma.GenerationSelect;

/** A video being watched is re-read from the service once its last reading is this old (the polls back off to a minute). */
const WATCHED_STALE_MS = 3000;

type LiveRow = Prisma.GenerationGetPayload<{ select: typeof liveSelect }>;

function toLive(row: LiveRow): VideoLive {
  const task = row.videoTask;
  let state: VideoState;
  if (row.status === 'completed' || row.status === 'failed' || row.status === 'cancelled') state = row.status;
  else if (task?.status === 'completed') state = 'archiving';
  else state = task?.status === 'running' ? 'running' : 'pending';
  return {
    id: row.id,
    state,
    progress: state === 'completed' || state === 'archiving' ? 100 : (task?.progress ?? 0),
    estimatedRemaining: state === 'running' || state === 'pending' ? secondsLeft(task?.estimatedRemaining ?? null, task?.estimatedAt ?? null) : null,
    errorMessage: row.errorMessage ?? task?.errorMessage ?? null,
    errorCode: row.errorCode,
    assetId: row.outputs[0]?.assetId ?? null,
  };
}

const STATUS_WHERE: Record<NonNullable<VideoFilters['status']>, Prisma.GenerationWhereInput> = {
  active: { status: { in: ['pending', 'running'] } },
  completed: { status: 'completed' },
  failed: { status: { in: ['failed', 'cancelled'] } },
};

/** The team's videos, newest first (at most `limit`), narrowed by the library's filters. */
/** One page of the team's videos, newest first, and the cursor of the next (older) page if there is one. */
export async function listVideos(ctx: TeamContext, filters: VideoFilters, limit = 60): Promise<{ videos: VideoSummary[]; next: string | null }> {
  const prisma = await db();
  const [at, id] = filters.before?.split('~') ?? [];
  const rows = await prisma.generation.findMany({
    where: {
      teamId: ctx.team.id,
      kind: 'video',
      ...GENERATION_IN_VIEW,
      ...(filters.status ? STATUS_WHERE[filters.status] : {}),
      ...(filters.model ? { params: { path: ['model'], equals: filters.model } } : {}),
      ...(filters.scope === 'mine' ? { userId: ctx.user.id } : {}),
      ...(at ? { OR: [{ createdAt: { lt: new Date(at) } }, { createdAt: new Date(at), id: { lt: id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
    select: { ...liveSelect, prompt: true, params: true, createdAt: true, userId: true, user: { select: { name: true } } },
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const videos = page.map((row) => {
    const params = videoParamsSchema.parse(row.params ?? {});
    return {
      ...toLive(row),
      prompt: row.prompt,
      ...params,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.user.name,
      mine: row.userId === ctx.user.id,
    };
  });
  return { videos, next: rows.length > limit && last ? `${last.createdAt.toISOString()}~${last.id}` : null };
}

/** The models the team's videos used, for the library's model filter. */
export async function usedVideoModels(ctx: TeamContext): Promise<string[]> {
  const prisma = await db();
  const rows = await prisma.generation.findMany({
    where: { teamId: ctx.team.id, kind: 'video' },
    select: { params: true },
    take: 500,
    orderBy: { createdAt: 'desc' },
  });
  return [...new Set(rows.map((r) => videoParamsSchema.parse(r.params ?? {}).model))].sort();
}

/** The live state of the given videos; ids outside the team are simply not found. */
export async function videoStatuses(ctx: TeamContext, ids: string[]): Promise<VideoLive[]> {
  if (ids.length === 0) return [];
  const prisma = await db();
  const rows = await prisma.generation.findMany({ where: { id: { in: ids }, teamId: ctx.team.id, kind: 'video' }, select: liveSelect });
  // Someone is watching: a running task read from the service more than a few seconds ago is re-read
  // now (one queued nudge per task, however many watch), so its progress moves as the service's does.
  const now = Date.now();
  for (const { status, videoTask: task } of rows)
    if (task && status === 'running' && task.status === 'running' && (!task.syncedAt || now - task.syncedAt.getTime() > WATCHED_STALE_MS))
      await scheduleNudge(task.id);
  return rows.map(toLive);
}

/** One video with everything the player page shows, or null when it is not this team's. */
export async function getVideo(ctx: TeamContext, id: string) {
  const prisma = await db();
  const row = await prisma.generation.findFirst({
    where: { id, teamId: ctx.team.id, kind: 'video', ...GENERATION_IN_VIEW },
    select: {
      ...liveSelect,
      prompt: true,
      params: true,
      createdAt: true,
      completedAt: true,
      costTotal: true,
      currency: true,
      parentId: true,
      user: { select: { name: true, email: true } },
      videoTask: {
        select: {
          id: true,
          status: true,
          progress: true,
          estimatedRemaining: true,
          estimatedAt: true,
          syncedAt: true,
          errorMessage: true,
          videoExpiresAt: true,
          webhookTokenHash: true,
          lastHeardAt: true,
        },
      },
      children: { where: { teamId: ctx.team.id }, select: { id: true, createdAt: true }, orderBy: { createdAt: 'asc' } },
    },
  });
  if (!row) return null;
  return {
    ...toLive(row),
    /** The stored video's result (its review and comments are its). */
    outputId: row.outputs[0]?.id ?? null,
    prompt: row.prompt,
    params: videoParamsSchema.parse(row.params ?? {}),
    createdAt: row.createdAt,
    completedAt: row.completedAt,
    cost: row.costTotal?.toString() ?? null,
    currency: row.currency,
    createdBy: row.user.name || row.user.email,
    videoExpiresAt: row.videoTask?.videoExpiresAt ?? null,
    /** Whether the service's own URL has lapsed by the time of this read. */
    videoUrlExpired: row.videoTask?.videoExpiresAt ? row.videoTask.videoExpiresAt.getTime() < Date.now() : false,
    parentId: row.parentId,
    retries: row.children.map((c) => c.id),
    taskId: row.videoTask?.id ?? null,
    /** Whether the service's completion callback was asked for and heard (only the nudge sets lastHeardAt). */
    callback: (row.videoTask?.lastHeardAt ? 'heard' : row.videoTask?.webhookTokenHash ? 'waiting' : 'none') as 'heard' | 'waiting' | 'none',
    heardAt: row.videoTask?.lastHeardAt ?? null,
  };
}
export type VideoDetail = NonNullable<Awaited<ReturnType<typeof getVideo>>>;

/** A failed video's settings, to start it again (null when missing or not failed). */
export async function failedVideoParams(ctx: TeamContext, id: string) {
  const prisma = await db();
  const row = await prisma.generation.findFirst({ where: { id, teamId: ctx.team.id, kind: 'video' }, select: { status: true, prompt: true, params: true } });
  if (!row) return null;
  return { failed: row.status === 'failed' || row.status === 'cancelled', prompt: row.prompt, params: videoParamsSchema.parse(row.params ?? {}) };
}
