import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../lib/accounts/create-account';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { db } from '../../lib/runtime';
import { listVideos, videoFiltersSchema } from '../../lib/videos/queries';
import { useFreshDatabase } from '../support/app-db';

// The library pages through the team's videos, newest first, without skipping or repeating one.

let teardown: () => Promise<void>;
let ctx: TeamContext;

beforeAll(async () => {
  teardown = await useFreshDatabase('pglite');
  const { userId, teamId } = await createAccount({ name: 'Vic', email: 'vic@example.com', password: 'password-v' });
  ctx = await resolveTeamContext(userId, { teamId, strict: true });
  const prisma = await db();
  const at = new Date('2026-11-01T10:00:00Z');
  for (let i = 0; i < 5; i++) {
    // Two videos share each timestamp: the cursor must still tell them apart.
    const createdAt = new Date(at.getTime() + Math.floor(i / 2) * 60_000);
    await prisma.generation.create({
      data: { teamId, userId, kind: 'video', status: 'completed', prompt: `scene ${i}`, params: { model: 'atelier-motion' }, createdAt },
    });
  }
}, 60_000);
afterAll(async () => teardown?.());

describe('the video library', () => {
  it('pages newest first and ends with no next page', async () => {
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 5; page++) {
      const { videos, next } = await listVideos(ctx, videoFiltersSchema.parse({ before }), 2);
      seen.push(...videos.map((v) => v.prompt));
      if (!next) break;
      before = next;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen[0]).toBe('scene 4');
  });

  it('refuses a malformed cursor or filter (the page answers 404), and takes a real one', () => {
    expect(videoFiltersSchema.safeParse({ before: "2026-11-01'; drop" }).success).toBe(false);
    expect(videoFiltersSchema.safeParse({ before: '2026-11-01T10:00:00.000Z~------------------------------------' }).success).toBe(false);
    expect(videoFiltersSchema.safeParse({ model: 'atelier\u0000motion' }).success).toBe(false);
    const cursor = `2026-11-01T10:00:00.000Z~${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
    expect(videoFiltersSchema.parse({ before: cursor, model: 'atelier-motion' })).toEqual({ before: cursor, model: 'atelier-motion', scope: 'team' });
  });
});
