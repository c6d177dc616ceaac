import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import type { Prisma } from '../db/generated/client';
import type { ReviewState } from '../db/generated/enums';
import { generationHref } from '../generations/href';
import { isUuid } from '../ids';
import { zonedDayStart } from '../time/zoned';
import { activeShareLink, LIVE } from '../generations/visibility';
import { trashSince } from './trash';
import { db } from '../runtime';
import { previewUrl } from '../assets/preview-url';
import type { LibraryItem } from './view';
import { nameText, searchText } from '../text';
import { tagKey } from './tag-words';
import { maskGuardView } from '../edits/result-item';
import { searchWhere } from './search-where';

// The library: every result of a team (one GenerationOutput each: an edit's result, one image of a
// board, one video), newest first. Pages are keyset pages over the index
// (teamId, createdAt DESC, generationId DESC, entryIndex, position): a board's images stay together
// and in model order, and a page costs the same however deep it is.

/** Items per page: one screen and a bit on a wide display. */
export const LIBRARY_PAGE = 60;
/**
 * How far back a poll looks past the newest item the client has: a result's time is its settling
 * transaction's start, so one that commits late can carry a time just before the newest one seen.
 */
const POLL_OVERLAP_MS = 60_000;
const POLL_MAX = 200;

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)~([0-9a-f-]{36})~(\d{1,4})~(\d{1,4})$/i;

/** `<createdAt>~<generationId>~<entryIndex>~<position>` of the last item shown. */
const cursorSchema = z
  .string()
  .max(120)
  .regex(CURSOR, 'Expected a cursor from a previous page.')
  .transform((value, issue) => {
    const [, at, generationId, entryIndex, position] = CURSOR.exec(value)!;
    const createdAt = new Date(at);
    if (Number.isNaN(createdAt.getTime()) || !isUuid(generationId)) {
      issue.addIssue({ code: 'custom', message: 'Expected a cursor from a previous page.' });
      return z.NEVER;
    }
    return { createdAt, generationId, entryIndex: Number(entryIndex), position: Number(position) };
  });
export type LibraryCursor = z.output<typeof cursorSchema>;

const day = z.iso.date();
/** An empty field of the filter form means no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** The filters, as the URL carries them: they combine, and every one is checked. */
export const libraryFiltersSchema = z.object({
  kind: optional(z.enum(['edit', 'comparison', 'video'])),
  model: optional(z.string().regex(/^[\w.:/-]{1,200}$/)),
  member: optional(z.uuid()),
  from: optional(day),
  to: optional(day),
  fav: optional(z.literal('1')),
  shared: optional(z.literal('1')),
  collection: optional(z.uuid()),
  /** Results carrying the team's tag of this name (compared as its key: lower-cased). */
  tag: optional(nameText().trim().max(40)),
  /** Results in this review state: their own, or their board's (draft: neither is further on). */
  review: optional(z.enum(['draft', 'in_review', 'approved', 'changes_requested'])),
  /** Approved winners: a board's (or a column's) winner, approved itself or with its board. */
  winners: optional(z.literal('1')),
  /** The trash instead of the library: what was deleted in the last 30 days. */
  trash: optional(z.literal('1')),
  /** Words of the prompts, model, kind, size and names, any language and order; "a phrase", -word (search-query.ts). */
  q: optional(searchText().trim().max(200, 'A search is at most 200 characters.')),
});
export type LibraryFilters = z.output<typeof libraryFiltersSchema>;

/** The page's own query: the filters, and where it starts (a link to older results works without script). */
export const libraryPageSchema = libraryFiltersSchema.extend({ before: optional(cursorSchema) });

/** The route's query: the filters, then a page after `before` or a poll for what is new `since`. */
export const libraryQuerySchema = libraryPageSchema
  .extend({ since: optional(z.iso.datetime()) })
  .refine((q) => !(q.before && q.since), 'Ask for an older page or for news, not both.');

export const itemSelect = {
  id: true,
  generationId: true,
  kind: true,
  model: true,
  revisedPrompt: true,
  archive: true,
  assetId: true,
  entryIndex: true,
  position: true,
  userId: true,
  createdAt: true,
  deletedAt: true,
  favorite: true,
  asset: { select: { width: true, height: true } },
  generation: { select: { prompt: true, user: { select: { name: true } }, apiKey: { select: { name: true } } } },
} satisfies Prisma.GenerationOutputSelect;

type Row = Prisma.GenerationOutputGetPayload<{ select: typeof itemSelect }>;

export const ORDER: Prisma.GenerationOutputOrderByWithRelationInput[] = [
  { createdAt: 'desc' },
  { generationId: 'desc' },
  { entryIndex: 'asc' },
  { position: 'asc' },
];

/**
 * Everything past `c` in the library's order: older (the next pages) or newer (walking back). Time
 * and generation run newest first, a board's models and positions in their own order.
 */
function beyond(c: LibraryCursor, towards: 'older' | 'newer'): Prisma.GenerationOutputWhereInput {
  const [past, within] = towards === 'older' ? (['lt', 'gt'] as const) : (['gt', 'lt'] as const);
  const same = { createdAt: c.createdAt };
  return {
    createdAt: { [`${past}e`]: c.createdAt },
    OR: [
      { createdAt: { [past]: c.createdAt } },
      { ...same, generationId: { [past]: c.generationId } },
      { ...same, generationId: c.generationId, entryIndex: { [within]: c.entryIndex } },
      { ...same, generationId: c.generationId, entryIndex: c.entryIndex, position: { [within]: c.position } },
    ],
  };
}

/** Items with a live link: their own, or one to their whole generation (a shared board shares all its images). */
const sharedNow = (now: Date): Prisma.GenerationOutputWhereInput => ({
  OR: [{ shareLinks: { some: activeShareLink(now) } }, { generation: { shareLinks: { some: { outputId: null, ...activeShareLink(now) } } } }],
});

/** A result in a review state: its own, or its board's; a draft is one neither has moved on. */
function inReview(state: ReviewState): Prisma.GenerationOutputWhereInput {
  if (state === 'draft') return { reviewState: 'draft', generation: { reviewState: 'draft' } };
  return { OR: [{ reviewState: state }, { generation: { reviewState: state } }] };
}

/** The filters as conditions on outputs; dates are whole days in the team's time zone. */
export async function filtered(ctx: TeamContext, f: LibraryFilters): Promise<Prisma.GenerationOutputWhereInput[]> {
  const now = new Date();
  const where: Prisma.GenerationOutputWhereInput[] = [f.trash ? { deletedAt: { gt: trashSince(now) } } : LIVE];
  if (f.kind) where.push({ kind: f.kind });
  if (f.model) where.push({ model: f.model });
  if (f.member) where.push({ userId: f.member });
  if (f.from) where.push({ createdAt: { gte: zonedDayStart(f.from, ctx.team.timeZone) } });
  if (f.to) where.push({ createdAt: { lt: zonedDayStart(f.to, ctx.team.timeZone, 1) } });
  if (f.collection) where.push({ collections: { some: { collectionId: f.collection, collection: { teamId: ctx.team.id } } } });
  if (f.tag) where.push({ tags: { some: { tag: { teamId: ctx.team.id, key: tagKey(f.tag) } } } });
  if (f.fav) where.push({ favorite: true });
  if (f.shared) where.push(sharedNow(now));
  if (f.review) where.push(inReview(f.review));
  if (f.winners) where.push({ OR: [{ winner: true }, { columnWinner: true }] }, inReview('approved'));
  if (f.q) where.push(...(await searchWhere(ctx, f.q)));
  return where;
}

const REVERSED: Prisma.GenerationOutputOrderByWithRelationInput[] = [
  { createdAt: 'asc' },
  { generationId: 'asc' },
  { entryIndex: 'desc' },
  { position: 'desc' },
];

/** The results just newer and just older than `item` among those the filters select (for ←/→). */
export async function neighbours(ctx: TeamContext, item: LibraryItem, filters: LibraryFilters): Promise<{ newer: string | null; older: string | null }> {
  const prisma = await db();
  const cursor = cursorSchema.parse(item.cursor);
  const selected = await filtered(ctx, filters);
  const one = (edge: Prisma.GenerationOutputWhereInput, orderBy: Prisma.GenerationOutputOrderByWithRelationInput[]) =>
    prisma.generationOutput.findFirst({
      where: { teamId: ctx.team.id, status: 'completed', AND: [...selected, edge] },
      orderBy,
      select: { id: true },
    });
  const [newer, older] = await Promise.all([one(beyond(cursor, 'newer'), REVERSED), one(beyond(cursor, 'older'), ORDER)]);
  return { newer: newer?.id ?? null, older: older?.id ?? null };
}

/** What size a result is, as its request asked (an image's WxH, a video's resolution and ratio), else as stored. */
export function resultSize(requested: unknown, asset: { width: number | null; height: number | null } | null): string | null {
  const params = (requested ?? {}) as { size?: unknown; resolution?: unknown; aspectRatio?: unknown };
  if (typeof params.size === 'string') return params.size;
  if (typeof params.resolution === 'string') return typeof params.aspectRatio === 'string' ? `${params.resolution} · ${params.aspectRatio}` : params.resolution;
  return asset?.width && asset.height ? `${asset.width}x${asset.height}` : null;
}

/** One result of the active team by its output id, or null (another team's id is simply not found). */
export async function getLibraryItem(ctx: TeamContext, id: string) {
  const prisma = await db();
  const row = await prisma.generationOutput.findFirst({
    where: { id, teamId: ctx.team.id, status: 'completed', OR: [LIVE, { deletedAt: { gt: trashSince() } }] },
    select: {
      ...itemSelect,
      deletedAt: true,
      seed: true,
      cost: true,
      maskGuard: true,
      rawAssetId: true,
      asset: { select: { width: true, height: true, contentType: true } },
      generation: {
        select: {
          prompt: true,
          params: true,
          parentId: true,
          user: { select: { name: true } },
          apiKey: { select: { name: true } },
          shareLinks: { where: { outputId: null, ...activeShareLink() }, select: { id: true } },
        },
      },
      shareLinks: { where: activeShareLink(), select: { id: true } },
    },
  });
  if (!row) return null;
  const params = (row.generation.params ?? {}) as { originalAssetId?: unknown };
  const size = resultSize(row.generation.params, row.asset);
  return {
    ...toItem(ctx, row),
    seed: row.seed === null ? null : String(row.seed),
    cost: row.cost === null ? null : row.cost.toString(),
    contentType: row.asset?.contentType ?? null,
    size,
    shareLinks: row.generation.shareLinks.length + row.shareLinks.length,
    inTrash: row.deletedAt !== null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    maskGuard: maskGuardView(row.maskGuard),
    rawAssetId: row.rawAssetId,
    lineage: row.kind === 'edit' ? await editLineage(ctx, row.generation.parentId, params.originalAssetId) : null,
  };
}

/** Where an edit came from, oldest first: the first original, then each earlier edit's result (ten at most). */
async function editLineage(ctx: TeamContext, parentId: string | null, originalAssetId: unknown) {
  const prisma = await db();
  const steps: Array<{ generationId: string; prompt: string; assetId: string | null; href: string }> = [];
  let original = typeof originalAssetId === 'string' ? originalAssetId : null;
  for (let id = parentId, hops = 0; id && hops < 10; hops++) {
    const parent = await prisma.generation.findFirst({
      where: { id, teamId: ctx.team.id },
      select: {
        id: true,
        kind: true,
        prompt: true,
        parentId: true,
        params: true,
        pickedOutputId: true,
        outputs: { where: { status: 'completed', ...LIVE }, select: { id: true, assetId: true }, orderBy: [{ entryIndex: 'asc' }, { position: 'asc' }] },
      },
    });
    if (!parent) break;
    // A run of several results was continued from the one picked, else from its first.
    const continued = parent.outputs.find((o) => o.id === parent.pickedOutputId) ?? parent.outputs[0];
    steps.unshift({ generationId: parent.id, prompt: parent.prompt, assetId: continued?.assetId ?? null, href: generationHref(parent) });
    const from = (parent.params ?? {}) as { originalAssetId?: unknown };
    original = typeof from.originalAssetId === 'string' ? from.originalAssetId : original;
    id = parent.parentId;
  }
  return { original, steps };
}

export function toItem(ctx: TeamContext, row: Row): LibraryItem {
  const state = row.archive ?? 'unsaved';
  return {
    id: row.id,
    generationId: row.generationId,
    kind: row.kind,
    model: row.model,
    prompt: row.generation.prompt,
    revisedPrompt: row.revisedPrompt,
    state,
    assetId: row.assetId,
    previewUrl: row.assetId ? previewUrl(row.assetId) : null,
    width: row.asset?.width ?? null,
    height: row.asset?.height ?? null,
    favorite: row.favorite,
    author: row.generation.user.name,
    apiKey: row.generation.apiKey?.name ?? null,
    mine: row.userId === ctx.user.id,
    createdAt: row.createdAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    href: generationHref({ id: row.generationId, kind: row.kind }),
    cursor: `${row.createdAt.toISOString()}~${row.generationId}~${row.entryIndex}~${row.position}`,
  };
}

/** A search's matches are counted up to this many (a count of every match would read them all). */
export const SEARCH_TOTAL_MAX = 1000;

/** How many results a search matches: exact up to SEARCH_TOTAL_MAX, else that many and capped. */
export interface SearchTotal {
  total: number;
  totalCapped: boolean;
}

/**
 * One page of the active team's results, newest first, with the cursor of the next (older) page;
 * or, with `since`, the results from a little before that time on (for a poll to merge by id). A
 * page of a search (`q`) says how many results match in all (`total`, see SearchTotal).
 */
export async function listLibrary(
  ctx: TeamContext,
  query: LibraryFilters & { before?: LibraryCursor; since?: string },
): Promise<{ items: LibraryItem[]; next: string | null } & Partial<SearchTotal>> {
  const prisma = await db();
  const take = query.since ? POLL_MAX : LIBRARY_PAGE + 1;
  const team = { teamId: ctx.team.id, status: 'completed' } as const;
  const selected = await filtered(ctx, query);
  const [rows, total] = await Promise.all([
    prisma.generationOutput.findMany({
      where: {
        ...team,
        AND: [
          ...selected,
          ...(query.before ? [beyond(query.before, 'older')] : []),
          ...(query.since ? [{ createdAt: { gte: new Date(Date.parse(query.since) - POLL_OVERLAP_MS) } }] : []),
        ],
      },
      orderBy: ORDER,
      take,
      select: itemSelect,
    }),
    // Read in no order (a count would sort them by id): the planner takes the GIN index for a rare
    // search, and for a common one stops at the cap.
    query.q && !query.since ? prisma.generationOutput.findMany({ where: { ...team, AND: selected }, take: SEARCH_TOTAL_MAX + 1, select: { id: true } }) : null,
  ]);
  const counted = total === null ? {} : { total: Math.min(total.length, SEARCH_TOTAL_MAX), totalCapped: total.length > SEARCH_TOTAL_MAX };
  if (query.since) return { items: rows.map((row) => toItem(ctx, row)), next: null };
  const items = rows.slice(0, LIBRARY_PAGE).map((row) => toItem(ctx, row));
  return { items, next: rows.length > LIBRARY_PAGE ? items.at(-1)!.cursor : null, ...counted };
}
