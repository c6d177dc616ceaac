import { beforeAll, describe, expect, it } from 'vitest';
import type { TeamContext } from '../../lib/auth/context';
import { resolveTeamContext } from '../../lib/auth/context';
import { maskObedience, type MaskObedience } from '../../lib/edits/mask-obedience';
import { spendRangeSchema } from '../../lib/ledger/spend';
import { db } from '../../lib/runtime';
import { DATABASE_KINDS } from '../support/app-db';
import { testAtelier } from '../support/harness';

// The dashboard's mask obedience from outputs written by hand, on PGlite and PostgreSQL: per edit
// model the guarded results of the range (local days in the team's zone, both edges), their median
// and mean share changed outside the mask and how many were restored; members see their own.

/** 2026-03-30 to 2026-04-02 in Shanghai (UTC+8): from 2026-03-29T16:00Z up to, not including, 2026-04-02T16:00Z. */
const range = spendRangeSchema.parse({ from: '2026-03-30', to: '2026-04-02' });
const FIRST = '2026-03-29T16:00:00.000Z';
const LAST = '2026-04-02T15:59:59.999Z';
const INSIDE = '2026-03-31T04:00:00.000Z';

/** Rounded so that sums of doubles compare exactly. */
const rounded = (rows: MaskObedience[]) => rows.map((r) => ({ ...r, median: Number(r.median.toFixed(9)), mean: Number(r.mean.toFixed(9)) }));

describe.each(DATABASE_KINDS)('mask obedience on %s', (kind) => {
  const atelier = testAtelier(kind);
  let owner: TeamContext;
  let member: TeamContext;
  let keyId: string;

  /** One finished edit with one output per finding: [model, share changed (null: not measured), restored]. */
  async function edit(ctx: TeamContext, at: string, findings: Array<[string, number | null, boolean]>, apiKeyId: string | null = null) {
    const prisma = await db();
    const createdAt = new Date(at);
    const generation = await prisma.generation.create({
      data: { teamId: ctx.team.id, userId: ctx.user.id, kind: 'edit', status: 'completed', prompt: 'remove the bin', params: {}, apiKeyId, createdAt },
    });
    await prisma.generationOutput.createMany({
      data: findings.map(([model, changed, restored], entryIndex) => ({
        generationId: generation.id,
        teamId: ctx.team.id,
        userId: ctx.user.id,
        kind: 'edit' as const,
        model,
        entryIndex,
        status: 'completed' as const,
        createdAt,
        maskChanged: changed,
        ...(changed === null
          ? {}
          : { maskGuard: { changedFraction: changed, restored, fit: 'exact', answeredAt: null, band: 2, heatmap: { width: 1, height: 1, cells: 'AA==' } } }),
      })),
    });
  }

  beforeAll(async () => {
    const prisma = await db();
    const ownerCtx = await atelier.person('Ada');
    const memberCtx = await atelier.person('Ben');
    const outsider = await atelier.person('Cy');
    await prisma.membership.create({ data: { teamId: ownerCtx.team.id, userId: memberCtx.user.id, role: 'member' } });
    owner = ownerCtx;
    member = await resolveTeamContext(memberCtx.user.id, { teamId: ownerCtx.team.id, strict: true });
    keyId = (
      await prisma.apiKey.create({
        data: {
          teamId: owner.team.id,
          userId: owner.user.id,
          name: 'pipeline',
          prefix: `mask-${kind}`.padEnd(12, 'x'),
          secretHash: 'x',
          webhookSecret: 'x',
          createdById: owner.user.id,
        },
      })
    ).id;

    // atelier-edit: clean twice, then a trace the guard put back; the member's own leak is the team's too.
    await edit(owner, INSIDE, [
      ['atelier-edit', 0, false],
      ['atelier-edit', 0, false],
      ['atelier-edit', 0.004, true],
    ]);
    await edit(member, INSIDE, [['atelier-edit', 0.5, true]]);
    // atelier-edit-fast: an edit board's column and variants; the last with the team's restore off, through a key.
    await edit(owner, INSIDE, [
      ['atelier-edit-fast', 0.3, true],
      ['atelier-edit-hd', 0.05, true],
    ]);
    await edit(owner, INSIDE, [
      ['atelier-edit-fast', 0.28, true],
      ['atelier-edit-fast', 0.32, true],
    ]);
    await edit(owner, INSIDE, [['atelier-edit-fast', 0.1, false]], keyId);
    // atelier-edit-hd: one more at each edge of the range (the first and the last millisecond of its days).
    await edit(owner, FIRST, [['atelier-edit-hd', 0.06, true]]);
    await edit(owner, LAST, [['atelier-edit-hd', 0.19, true]]);
    // Not counted: just outside either edge, an edit without a mask, another team's leak.
    await edit(owner, '2026-03-29T15:59:59.999Z', [['atelier-edit-hd', 0.9, true]]);
    await edit(owner, '2026-04-02T16:00:00.000Z', [['atelier-edit-hd', 0.9, true]]);
    await edit(owner, INSIDE, [['atelier-edit', null, false]]);
    await edit(outsider, INSIDE, [['atelier-edit', 0.9, true]]);
  }, 60_000);

  it('ranks the team’s edit models by their median share changed outside the mask, with the mean and the restored count', async () => {
    expect(rounded(await maskObedience(owner, range))).toEqual([
      { model: 'atelier-edit', edits: 4, median: 0.002, mean: 0.126, restored: 2 },
      { model: 'atelier-edit-hd', edits: 3, median: 0.06, mean: 0.1, restored: 3 },
      { model: 'atelier-edit-fast', edits: 4, median: 0.29, mean: 0.25, restored: 3 },
    ]);
  });

  it('shows a member only their own edits', async () => {
    expect(rounded(await maskObedience(member, range))).toEqual([{ model: 'atelier-edit', edits: 1, median: 0.5, mean: 0.5, restored: 1 }]);
  });

  it('narrows to one API key, or to the studio, as the spend does', async () => {
    expect(rounded(await maskObedience(owner, range, keyId))).toEqual([{ model: 'atelier-edit-fast', edits: 1, median: 0.1, mean: 0.1, restored: 0 }]);
    const studio = rounded(await maskObedience(owner, range, 'studio'));
    expect(studio.find((r) => r.model === 'atelier-edit-fast')).toEqual({ model: 'atelier-edit-fast', edits: 3, median: 0.3, mean: 0.3, restored: 3 });
  });

  it('counts nothing in a range with no guarded edit', async () => {
    expect(await maskObedience(owner, spendRangeSchema.parse({ from: '2026-05-01', to: '2026-05-31' }))).toEqual([]);
  });
});
