import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateCallAlerts } from '../../lib/alerts/calls';
import { saveAlertSettings } from '../../lib/alerts/settings';
import type { TeamContext } from '../../lib/auth/context';
import { runBoard } from '../support/runs';
import { boardInputSchema } from '../../lib/comparisons/schema';
import { forgetModelListings, listingSettled, serviceModels } from '../../lib/pricing/catalog';
import { flushRequestLog } from '../../lib/request-log/log';
import { listRequests, requestFiltersSchema, requestsCsv, type RequestRow } from '../../lib/request-log/query';
import { db } from '../../lib/runtime';
import { createVideo } from '../support/runs';
import { DATABASE_KINDS } from '../support/app-db';
import { eventually, testAtelier } from '../support/harness';

// Dashboard → Requests against the real service: calls no member's request made (the server's own
// model list, the video jobs' status polls) are the system's and hidden unless asked for, in the
// page's list and in its CSV alike; a cancelled call is its own outcome, never a failure.
describe.each(DATABASE_KINDS)('the request log on %s', (kind) => {
  // atelier-pixel is held (never answers): a call to cancel mid-way.
  const atelier = testAtelier(kind, { jobs: true, knobs: { heldModels: ['atelier-pixel'] } });
  let owner: TeamContext;
  const filters = (query: Record<string, string> = {}) => requestFiltersSchema.parse(query);
  const list = async (query: Record<string, string> = {}) => listRequests({ teamId: owner.team.id }, filters(query));
  const summary = (rows: RequestRow[]) => rows.map((r) => `${r.operation} ${r.system ? 'system' : r.member} ${r.outcome}`).sort();

  beforeAll(async () => {
    owner = await atelier.person('Ines');
    // The server refreshes its model list on its own (once a minute), whoever's page found it stale.
    forgetModelListings();
    await serviceModels(owner);
    await listingSettled();
    const board = (model: string) =>
      boardInputSchema.parse({ prompt: 'a kite over dunes', models: [model], size: '1024x1024', n: 1, background: 'opaque', seed: 3 });
    await runBoard(owner, board('atelier-vista'));
    // Ines stops her board while the service is still working on it.
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 500);
    await expect(runBoard(owner, board('atelier-pixel'), cancel.signal)).rejects.toMatchObject({ service: { code: 'cancelled' } });
    // A video: created by her request, its status then read by the jobs.
    await createVideo(owner, { model: 'atelier-motion', duration: 3, resolution: '480p', audio: false, aspectRatio: '16:9', prompt: 'tide' });
    await eventually(async () => {
      await flushRequestLog();
      return (await db()).requestLog.count({ where: { teamId: owner.team.id, operation: 'videos.status' } });
    });
  }, 120_000);

  it('logs background calls as the system, not as a member, and shows them only when asked', async () => {
    // By default: what members did, nothing else.
    expect(summary(await list())).toEqual(['images.generations Ines cancelled', 'images.generations Ines ok', 'videos.generations Ines ok']);
    const system = await list({ origin: 'system' });
    expect(new Set(system.map((r) => r.operation))).toEqual(new Set(['models', 'videos.status']));
    expect(system.every((r) => r.system && r.member === null && r.source === null)).toBe(true);
    expect((await list({ origin: 'all' })).length).toBe(3 + system.length);
    // Stored without the member whose key the job happened to use.
    const rows = await (await db()).requestLog.findMany({ where: { teamId: owner.team.id, operation: { in: ['models', 'videos.status'] } } });
    expect(rows.every((r) => r.system && r.userId === null)).toBe(true);
  });

  it('exports what the page shows, under the same filter', async () => {
    const lines = (csv: string) =>
      csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    const mine = lines(await requestsCsv({ teamId: owner.team.id }, filters()));
    expect(mine[0]).toBe('time,member,key,operation,models,status,outcome,upstream_ms,atelier_ms,cost,currency,error');
    expect(
      mine
        .slice(1)
        .map((line) => line.split(',').slice(1, 4).join(' '))
        .sort(),
    ).toEqual(['Ines studio images.generations', 'Ines studio images.generations', 'Ines studio videos.generations']);
    const system = lines(await requestsCsv({ teamId: owner.team.id }, filters({ origin: 'system' }))).slice(1);
    expect(system.length).toBe((await list({ origin: 'system' })).length);
    expect(system.every((line) => line.split(',')[1] === 'system')).toBe(true);
  });

  it('a cancel is its own outcome: not a failure, and no failure spike', async () => {
    expect(summary(await list({ outcome: 'cancelled' }))).toEqual(['images.generations Ines cancelled']);
    expect(await list({ outcome: 'failed', origin: 'all' })).toEqual([]);
    const [cancelled] = await list({ outcome: 'cancelled' });
    expect(cancelled).toMatchObject({ status: 0, errorCode: 'cancelled' });
    // One cancel among a handful of calls: a 10 % failure rule would fire if it counted.
    await saveAlertSettings(owner, { budgetThresholds: [], email: true, webhookUrl: null, failurePercent: 10, callsAtLeast: 1 });
    expect(await evaluateCallAlerts(owner.team.id, owner.team.name, { failurePercent: 10, slowP95Seconds: null, callsAtLeast: 1 }, ['email'])).toEqual([]);
  });
});
