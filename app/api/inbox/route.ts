// GET /api/inbox?before=ISO: the member's inbox in the active team, newest first; POST { ids } or { all: true }: marks items read.
import { z } from 'zod';
import { withTeam } from '@/lib/auth/route';
import { inboxOf, markRead } from '@/lib/inbox/notifications';

export const dynamic = 'force-dynamic';

const pageQuery = z.object({ before: z.iso.datetime().optional() });
/** The items to mark read, by id, or all of them: one or the other. */
const readBody = z
  .object({ ids: z.array(z.uuid()).min(1).max(200).optional(), all: z.literal(true).optional() })
  .refine((body) => Boolean(body.ids) !== Boolean(body.all), { message: 'Name the items (ids) or all of them (all: true).', path: ['ids'] });

export const GET = withTeam('member', { query: pageQuery }, async (ctx, { query }) =>
  Response.json(await inboxOf(ctx, query.before ? new Date(query.before) : undefined), { headers: { 'cache-control': 'private, no-store' } }),
);

export const POST = withTeam('member', { body: readBody }, async (ctx, { body }) => Response.json({ read: await markRead(ctx, body.ids ?? 'all') }));
