import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import type { Prisma } from '../db/generated/client';
import { generationHref } from '../generations/href';
import { isUuid } from '../ids';
import { zonedDayStart } from '../time/zoned';
import { db } from '../runtime';
import { previewUrl } from '../assets/preview-url';
import type { LibraryItem } from './view';

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
  /** Words of the prompt or the revised prompt, any language (a substring: 灯塔 finds 海边的灯塔). */
  q: optional(z.string().trim().max(200, 'A search is at most 200 characters.')),
});
export type LibraryFilters = z.output<typeof libraryFiltersSchema>;

/** The page's own query: the filters, and where it starts (a link to older results works without script). */
export const libraryPageSchema = libraryFiltersSchema.extend({ before: optional(cursorSchema) });

/** The route's query: the filters, then a page after `before` or a poll for what is new `since`. */
export const libraryQuerySchema = libraryPageSchema
  .extend({ since: optional(z.iso.datetime()) })
  .refine((q) => !(q.before && q.since), 'Ask for an older page or for news, not both.');

const itemSelect = {
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
  asset: { select: { width: true, height: true } },
  generation: { select: { prompt: true, favorite: true, user: { select: { name: true } } } },
} satisfies Prisma.GenerationOutputSelect;

type Row = Prisma.GenerationOutputGetPayload<{ select: typeof itemSelect }>;

const ORDER: Prisma.GenerationOutputOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { generationId: 'desc' }, { entryIndex: 'asc' }, { position: 'asc' }];

/** Everything after `c` in the library's order. */
function after(c: LibraryCursor): Prisma.GenerationOutputWhereInput {
  const same = { createdAt: c.createdAt };
  return {
    createdAt: { lte: c.createdAt },
    OR: [
      { createdAt: { lt: c.createdAt } },
      { ...same, generationId: { lt: c.generationId } },
      { ...same, generationId: c.generationId, entryIndex: { gt: c.entryIndex } },
      { ...same, generationId: c.generationId, entryIndex: c.entryIndex, position: { gt: c.position } },
    ],
  };
}

/** Prisma's `contains` is LIKE '%…%' without escaping: a searched % or _ must match only itself. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters as conditions on outputs; dates are whole days in the team's time zone. */
function filtered(ctx: TeamContext, f: LibraryFilters): Prisma.GenerationOutputWhereInput[] {
  const now = new Date();
  const where: Prisma.GenerationOutputWhereInput[] = [];
  if (f.kind) where.push({ kind: f.kind });
  if (f.model) where.push({ model: f.model });
  if (f.member) where.push({ userId: f.member });
  if (f.from) where.push({ createdAt: { gte: zonedDayStart(f.from, ctx.team.timeZone) } });
  if (f.to) where.push({ createdAt: { lt: zonedDayStart(f.to, ctx.team.timeZone, 1) } });
  if (f.fav) where.push({ generation: { favorite: true } });
  if (f.shared) where.push({ generation: { shareLinks: { some: { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } } } });
  // The stored text is lower-cased; LIKE through the trigram index (PostgreSQL and PGlite alike).
  if (f.q) where.push({ searchText: { contains: likeLiteral(f.q.toLowerCase()) } });
  return where;
}

function toItem(ctx: TeamContext, row: Row): LibraryItem {
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
    favorite: row.generation.favorite,
    author: row.generation.user.name,
    mine: row.userId === ctx.user.id,
    createdAt: row.createdAt.toISOString(),
    href: generationHref({ id: row.generationId, kind: row.kind }),
    cursor: `${row.createdAt.toISOString()}~${row.generationId}~${row.entryIndex}~${row.position}`,
  };
}

/**
 * One page of the active team's results, newest first, with the cursor of the next (older) page;
 * or, with `since`, the results from a little before that time on (for a poll to merge by id).
 */
export async function listLibrary(
  ctx: TeamContext,
  query: LibraryFilters & { before?: LibraryCursor; since?: string },
): Promise<{ items: LibraryItem[]; next: string | null }> {
  const prisma = await db();
  const take = query.since ? POLL_MAX : LIBRARY_PAGE + 1;
  const rows = await prisma.generationOutput.findMany({
    where: {
      teamId: ctx.team.id,
      status: 'completed',
      AND: [
        ...filtered(ctx, query),
        ...(query.before ? [after(query.before)] : []),
        ...(query.since ? [{ createdAt: { gte: new Date(Date.parse(query.since) - POLL_OVERLAP_MS) } }] : []),
      ],
    },
    orderBy: ORDER,
    take,
    select: itemSelect,
  });
  if (query.since) return { items: rows.map((row) => toItem(ctx, row)), next: null };
  const items = rows.slice(0, LIBRARY_PAGE).map((row) => toItem(ctx, row));
  return { items, next: rows.length > LIBRARY_PAGE ? items.at(-1)!.cursor : null };
}
