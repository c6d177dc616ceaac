import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../lib/accounts/create-account';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { updateBudgets } from '../../lib/ledger/budgets';
import { ledgerCsv } from '../../lib/ledger/export';
import { spendRangeSchema, spendReport } from '../../lib/ledger/spend';
import { db } from '../../lib/runtime';
import { DATABASE_KINDS, useFreshDatabase } from '../support/app-db';

// The dashboard's numbers from a ledger written by hand, on PGlite and PostgreSQL.

describe.each(DATABASE_KINDS)('spend report on %s', (kind) => {
  let teardown: () => Promise<void>;
  let owner: TeamContext;
  let member: TeamContext;
  let outsider: TeamContext;

  beforeAll(async () => {
    teardown = await useFreshDatabase(kind);
    const a = await createAccount({ name: 'Ada', email: `ada-${kind}@example.com`, password: 'password-a' });
    const b = await createAccount({ name: 'Ben', email: `ben-${kind}@example.com`, password: 'password-b' });
    const c = await createAccount({ name: 'Cy', email: `cy-${kind}@example.com`, password: 'password-c' });
    const prisma = await db();
    await prisma.membership.create({ data: { teamId: a.teamId, userId: b.userId, role: 'member' } });
    owner = await resolveTeamContext(a.userId, { teamId: a.teamId, strict: true });
    member = await resolveTeamContext(b.userId, { teamId: a.teamId, strict: true });
    outsider = await resolveTeamContext(c.userId, { teamId: c.teamId, strict: true });

    const gen = (ctx: TeamContext, k: 'edit' | 'comparison' | 'video', prompt: string, costTotal: string, at: string) =>
      prisma.generation.create({
        data: { teamId: ctx.team.id, userId: ctx.user.id, kind: k, status: 'completed', prompt, params: {}, costTotal, createdAt: new Date(at) },
      });
    const big = await gen(owner, 'video', 'a slow pan over hills', '2.5', '2026-03-31T15:29:00Z');
    const small = await gen(member, 'edit', 'remove the bin', '0.1', '2026-03-31T16:29:00Z');
    const board = await gen(owner, 'comparison', 'four lanterns', '0.1212', '2026-03-31T16:44:00Z');
    const later = await gen(owner, 'video', 'after the range', '5', '2026-04-03T15:59:00Z');
    const line = (
      ctx: TeamContext,
      generationId: string,
      k: 'edit' | 'comparison' | 'video',
      model: string,
      amount: string,
      at: string,
      status: 'settled' | 'reserved' | 'released' = 'settled',
    ) =>
      prisma.ledgerEntry.create({ data: { teamId: ctx.team.id, userId: ctx.user.id, generationId, kind: k, model, amount, status, occurredAt: new Date(at) } });
    // 23:30 on 31 March and 00:30 on 1 April in Shanghai (UTC+8).
    await line(owner, big.id, 'video', 'atelier-motion', '2.5', '2026-03-31T15:30:00Z');
    await line(member, small.id, 'edit', 'atelier-edit', '0.1', '2026-03-31T16:30:00Z');
    await line(owner, board.id, 'comparison', 'atelier-vista', '0.08', '2026-03-31T16:45:00Z');
    await line(owner, board.id, 'comparison', 'atelier-ink', '0.0412', '2026-03-31T16:45:00Z');
    // Not spend: a reservation, a released one, another team's line, and a line outside the range.
    await line(owner, board.id, 'comparison', 'atelier-vista', '9', '2026-03-31T16:50:00Z', 'reserved');
    await line(owner, board.id, 'comparison', 'atelier-vista', '9', '2026-03-31T16:50:00Z', 'released');
    await line(outsider, (await gen(outsider, 'edit', 'x', '7', '2026-03-31T16:49:00Z')).id, 'edit', 'atelier-edit', '7', '2026-03-31T16:50:00Z');
    await line(owner, later.id, 'video', 'atelier-motion', '5', '2026-04-03T16:00:00Z');
  }, 60_000);
  afterAll(async () => {
    await teardown?.();
  });

  const range = spendRangeSchema.parse({ from: '2026-03-30', to: '2026-04-02' });

  it('cuts days in the team time zone and shows days without spend as zero', async () => {
    const report = await spendReport(owner, range);
    expect(report).toMatchObject({ scope: 'team', timeZone: 'Asia/Shanghai', total: '2.7212', count: 4 });
    expect(report.days).toEqual([
      { date: '2026-03-30', edit: '0', comparison: '0', video: '0' },
      { date: '2026-03-31', edit: '0', comparison: '0', video: '2.5' },
      { date: '2026-04-01', edit: '0.1', comparison: '0.1212', video: '0' },
      { date: '2026-04-02', edit: '0', comparison: '0', video: '0' },
    ]);
  });

  it('splits the same total by model, member and kind, and ranks the costliest generations', async () => {
    const report = await spendReport(owner, range);
    expect(report.byModel.map((s) => [s.label, s.amount])).toEqual([
      ['atelier-motion', '2.5'],
      ['atelier-edit', '0.1'],
      ['atelier-vista', '0.08'],
      ['atelier-ink', '0.0412'],
    ]);
    expect(report.byMember.map((s) => [s.label, s.amount])).toEqual([
      ['Ada', '2.6212'],
      ['Ben', '0.1'],
    ]);
    expect(report.byKind.map((s) => [s.key, s.amount])).toEqual([
      ['video', '2.5'],
      ['comparison', '0.1212'],
      ['edit', '0.1'],
    ]);
    expect(report.top.map((t) => [t.prompt, t.amount, t.by])).toEqual([
      ['a slow pan over hills', '2.5', 'Ada'],
      ['four lanterns', '0.1212', 'Ada'],
      ['remove the bin', '0.1', 'Ben'],
    ]);
  });

  it('splits the spend by API key and filters the whole report by one key or by the studio', async () => {
    const prisma = await db();
    const key = await prisma.apiKey.create({
      data: {
        teamId: owner.team.id,
        userId: owner.user.id,
        name: 'pipeline',
        prefix: `spend-${kind}`.padEnd(12, 'x'),
        secretHash: 'x',
        webhookSecret: 'x',
        createdById: owner.user.id,
      },
    });
    await prisma.generation.updateMany({ where: { teamId: owner.team.id, prompt: 'four lanterns' }, data: { apiKeyId: key.id } });
    try {
      const all = await spendReport(owner, range);
      expect(all.byKey.map((s) => [s.key, s.label, s.amount])).toEqual([
        ['studio', 'studio', '2.6'],
        [key.id, 'pipeline', '0.1212'],
      ]);
      const keyed = await spendReport(owner, range, key.id);
      expect(keyed).toMatchObject({ total: '0.1212', count: 2 });
      expect(keyed.days.filter((d) => d.comparison !== '0' || d.edit !== '0' || d.video !== '0')).toEqual([
        { date: '2026-04-01', edit: '0', comparison: '0.1212', video: '0' },
      ]);
      expect(keyed.byModel.map((s) => [s.label, s.amount])).toEqual([
        ['atelier-vista', '0.08'],
        ['atelier-ink', '0.0412'],
      ]);
      expect(keyed.top.map((t) => t.prompt)).toEqual(['four lanterns']);
      const studio = await spendReport(owner, range, 'studio');
      expect(studio).toMatchObject({ total: '2.6', count: 2 });
      expect(studio.top.map((t) => t.prompt)).toEqual(['a slow pan over hills', 'remove the bin']);
      // A member, filtered by the studio, still sees only their own.
      expect(await spendReport(member, range, 'studio')).toMatchObject({ scope: 'mine', total: '0.1' });
    } finally {
      await prisma.generation.updateMany({ where: { apiKeyId: key.id }, data: { apiKeyId: null } });
      await prisma.apiKey.delete({ where: { id: key.id } });
    }
  });

  it('files the days again when the team changes its time zone', async () => {
    const zone = (timeZone: string) => updateBudgets(owner, { teamBudget: null, hard: true, timeZone, members: [] });
    await zone('UTC');
    const report = await spendReport(owner, range);
    expect(report.days.find((d) => d.date === '2026-03-31')).toEqual({ date: '2026-03-31', edit: '0.1', comparison: '0.1212', video: '2.5' });
    expect(report.total).toBe('2.7212');
    await zone('Asia/Shanghai');
    expect((await spendReport(owner, range)).days.find((d) => d.date === '2026-03-31')).toEqual({
      date: '2026-03-31',
      edit: '0',
      comparison: '0',
      video: '2.5',
    });
  });

  it('shows a member only their own spend', async () => {
    const report = await spendReport(member, range);
    expect(report).toMatchObject({ scope: 'mine', total: '0.1', count: 1 });
    expect(report.byMember.map((s) => s.label)).toEqual(['Ben']);
    expect(report.top.map((t) => t.prompt)).toEqual(['remove the bin']);
  });

  it('totals this month and last month', async () => {
    const prisma = await db();
    const g = await prisma.generation.create({
      data: { teamId: owner.team.id, userId: owner.user.id, kind: 'edit', status: 'completed', prompt: 'now', params: {}, costTotal: '0.3' },
    });
    await prisma.ledgerEntry.create({
      data: { teamId: owner.team.id, userId: owner.user.id, generationId: g.id, kind: 'edit', model: 'atelier-edit', amount: '0.3', status: 'settled' },
    });
    const report = await spendReport(owner, range);
    expect(report.thisMonth).toBe('0.3');
  });

  it('keeps the daily rollup equal to the settled lines when a line changes or goes', async () => {
    const prisma = await db();
    const line = await prisma.ledgerEntry.findFirstOrThrow({ where: { teamId: owner.team.id, model: 'atelier-ink' } });
    await prisma.ledgerEntry.update({ where: { id: line.id }, data: { status: 'released' } });
    expect((await spendReport(owner, range)).total).toBe('2.68');
    await prisma.ledgerEntry.update({ where: { id: line.id }, data: { status: 'settled', amount: '1' } });
    expect((await spendReport(owner, range)).total).toBe('3.68');
    await prisma.ledgerEntry.delete({ where: { id: line.id } });
    expect((await spendReport(owner, range)).total).toBe('2.68');
    expect((await spendReport(owner, range)).byModel.map((m) => m.label)).not.toContain('atelier-ink');
  });

  it('exports the period as CSV lines that add up to the dashboard total', async () => {
    const csv = async (ctx: TeamContext) =>
      (await new Response(await ledgerCsv(ctx, range)).text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    const [header, ...lines] = await csv(owner);
    expect(header.split(',')).toEqual(['time', 'date', 'time_zone', 'kind', 'model', 'member', 'email', 'generation_id', 'prompt', 'amount', 'currency']);
    const amounts = lines.map((l) => Number(l.split(',').at(-2)));
    expect(amounts.reduce((a, b) => a + b, 0).toFixed(4)).toBe(Number((await spendReport(owner, range)).total).toFixed(4));
    expect(lines[0]).toMatch(/^2026-03-31 23:30:00,2026-03-31,Asia\/Shanghai,video,atelier-motion,Ada,/);
    const mine = await csv(member);
    expect(mine.slice(1).map((l) => l.split(',')[5])).toEqual(['Ben']);
  });

  it('refuses ranges that are reversed or longer than a year', () => {
    expect(spendRangeSchema.safeParse({ from: '2026-04-02', to: '2026-03-30' }).success).toBe(false);
    expect(spendRangeSchema.safeParse({ from: '2024-01-01', to: '2026-01-01' }).success).toBe(false);
    expect(spendRangeSchema.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
    expect(spendRangeSchema.safeParse({ from: '2028-02-29', to: '2028-03-01' }).success).toBe(true);
  });
});
