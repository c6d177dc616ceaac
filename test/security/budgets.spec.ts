import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startAtelier, type Atelier } from '../support/atelier';
import { signUp, type Session } from './support/session';

// A hard budget holds whatever the service's model list does: prices come from the service's list,
// else the operator's price table, else the request is refused. Never from the caller, never 0.
// Over HTTP on PostgreSQL (real concurrency); on PGlite, which serialises every statement, the same
// budgets are held in test/integration/budgets.test.ts and the price sources in pricing.test.ts.

/** The operator's price table: the reference catalog's shape, pricing only some models. */
const PRICES = path.join(tmpdir(), `atelier-prices-${process.pid}.json`);
writeFileSync(
  PRICES,
  JSON.stringify({
    currency: 'CNY',
    models: [
      { id: 'atelier-mosaic', kind: 'image', price: { per_image: { '1024x1024': 0.05, '2048x2048': 0.1, '4096x4096': 0.3 } } },
      { id: 'atelier-motion', kind: 'video', price: { per_second: { '480p': 0.1, '720p': 0.2, '1080p': 0.4 }, audio_per_second: 0.05 } },
    ],
  }),
);

const board = (model: string) => ({ prompt: 'a lighthouse at dusk', models: [model], size: '1024x1024', n: 1, background: 'opaque', seed: 11 });

async function runBoards(owner: Session, count: number, model: string): Promise<Response[]> {
  const body = JSON.stringify(board(model));
  return Promise.all(
    Array.from({ length: count }, () => owner.fetch('/api/compare', { method: 'POST', headers: { 'content-type': 'application/json' }, body })),
  );
}

async function codes(responses: Response[]): Promise<Record<string, number>> {
  const tally: Record<string, number> = {};
  for (const response of responses) {
    const code = response.status === 201 ? 'created' : ((await response.json()) as { error: { code: string } }).error.code;
    tally[code] = (tally[code] ?? 0) + 1;
  }
  return tally;
}

async function useBudget(owner: Session, team: string, teamBudget: string) {
  await owner.createTeam(team);
  await owner.act('saveBudgets', { teamBudget, hard: true, timeZone: 'UTC', members: [] }, '/dashboard/budgets');
}

test.describe('hard budgets on postgres', () => {
  let atelier: Atelier;
  let owner: Session;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    atelier = await startAtelier({ database: 'postgres', env: { ATELIER_PRICES_FILE: PRICES } });
    // From the first request on, the service's list never carries a price.
    await atelier.knobs({ modelList: 'failing' });
    owner = await signUp(atelier, 'Budget Owner');
  });
  test.afterAll(async () => atelier?.stop());

  for (const list of ['failing', 'empty', 'unpriced'] as const) {
    test(`50 concurrent boards on a budget for 10, the model list ${list}: 10 run, the spend is the budget`, async () => {
      test.setTimeout(120_000);
      await atelier.knobs({ modelList: list });
      await useBudget(owner, `Boards, list ${list}`, '0.50');
      const tally = await codes(await runBoards(owner, 50, 'atelier-mosaic'));
      expect(tally).toEqual({ created: 10, budget_exceeded: 40 });
      expect(await owner.settled()).toEqual({ lines: 10, total: 0.5 });
    });
  }

  test('a model with no price anywhere is refused, not run for free', async () => {
    await atelier.knobs({ modelList: 'unpriced' });
    await useBudget(owner, 'Unpriced', '0.50');
    const tally = await codes(await runBoards(owner, 5, 'atelier-pixel'));
    expect(tally).toEqual({ price_unknown: 5 });
    expect(await owner.settled()).toEqual({ lines: 0, total: 0 });
  });

  test.describe('videos', () => {
    test.describe.configure({ timeout: 180_000 });
    // Priced from the service's own list, which carries the video prices.
    test.beforeEach(async () => atelier.knobs({ modelList: 'normal' }));
    /** A 480p 16:9 atelier-motion video without audio. */
    const video = (over: { prompt: string; duration?: number }) => ({
      model: 'atelier-motion',
      resolution: '480p',
      audio: false,
      aspectRatio: '16:9',
      ...over,
    });

    test("a video without a duration is reserved at the service's default of 5 s", async () => {
      // Room for one 5 s video (¥0.50) but for two of 3 s: a shorter guess would let two through.
      await useBudget(owner, 'Default duration', '0.60');
      const started = await Promise.all(Array.from({ length: 5 }, () => owner.action('startVideo', video({ prompt: 'a slow tide' }), '/videos')));
      expect(started.filter((s) => s.result?.ok).length).toBe(1);
      await expect.poll(async () => (await owner.settled()).lines, { timeout: 120_000, intervals: [1000] }).toBe(1);
      expect(await owner.settled()).toEqual({ lines: 1, total: 0.5 });
    });
    test("a caller's bad key cannot poison the prices for the team: 30 concurrent videos on a budget for 2", async () => {
      await useBudget(owner, 'Poison', '0.60');
      const harbour = video({ prompt: 'a quiet harbour', duration: 3 });
      // A member's invalid personal key: the start fails at the service...
      await owner.act('saveUserKey', { key: 'not-a-valid-key-0000' }, '/settings');
      expect((await owner.action('startVideo', harbour, '/videos')).result).toMatchObject({ ok: false });
      // ...then the personal key goes and the team's (valid) key signs the requests.
      await owner.act('removeUserKey', {}, '/settings');
      await owner.act('saveTeamKey', { key: await atelier.mintKey() }, '/settings');
      const started = await Promise.all(Array.from({ length: 30 }, () => owner.action('startVideo', harbour, '/videos')));
      const accepted = started.filter((s) => s.result?.ok).length;
      expect(accepted).toBe(2); // 2 × (3 s × ¥0.10)
      await expect.poll(async () => (await owner.settled()).lines, { timeout: 120_000, intervals: [1000] }).toBe(2);
      expect((await owner.settled()).total).toBeLessThanOrEqual(0.6);
    });
  });
});
