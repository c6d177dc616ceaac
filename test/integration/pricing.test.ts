import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount } from '../../lib/accounts/create-account';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { runBoard } from '../support/runs';
import { priceBoard, priceEdit } from '../../lib/pricing/estimates';
import { db } from '../../lib/runtime';
import { storeUserKey } from '../../lib/keys/service-keys';
import { forgetModelListings, listingSettled, serviceModels } from '../../lib/pricing/catalog';
import { useFreshDatabase } from '../support/app-db';
import { setKnobs, startService, type KnobSettings, type RunningService } from '@atelier/reference-service/testing';

// Where prices come from, against the real reference service: its model list (per upstream, the
// last good one kept when it fails), else the operator's table, else nothing (and a refusal).

const PRICES = path.join(tmpdir(), `atelier-pricing-${process.pid}.json`);
// atelier-pixel: the operator lists 0.01 per image where the service charges 0.04 (for the price raise below).
writeFileSync(
  PRICES,
  JSON.stringify({
    models: [
      { id: 'atelier-edit', price: { per_edit: { '1024': 0.5, '4096': 0.9 } } },
      { id: 'atelier-pixel', price: { per_image: { '1024x1024': 0.01 } } },
    ],
  }),
);

let svc: RunningService;
let teardown: () => Promise<void>;
let ctx: TeamContext;
let stranger: TeamContext;
let keyless: TeamContext;

const knob = (modelList: KnobSettings['modelList']) => setKnobs(svc, { modelList });
const priceOf = async (who: TeamContext, id: string) => (await serviceModels(who)).find((m) => m.id === id)?.price;

beforeAll(async () => {
  svc = await startService();
  teardown = await useFreshDatabase('pglite', { UPSTREAM_BASE_URL: svc.url, ATELIER_PRICES_FILE: PRICES });
  const a = await createAccount({ name: 'Pia', email: 'pia@example.com', password: 'password-p' });
  const b = await createAccount({ name: 'Sol', email: 'sol@example.com', password: 'password-s' });
  await storeUserKey(a.userId, svc.key);
  await storeUserKey(b.userId, 'not-a-key-of-this-service');
  const c = await createAccount({ name: 'Noa', email: 'noa@example.com', password: 'password-n' });
  ctx = await resolveTeamContext(a.userId);
  stranger = await resolveTeamContext(b.userId);
  keyless = await resolveTeamContext(c.userId);
}, 60_000);
afterAll(async () => {
  vi.useRealTimers();
  await teardown?.();
  await svc?.dispose();
});

describe('trusted prices', () => {
  it('a caller with no key asks the service nothing, so the next caller with a key is priced at once', async () => {
    forgetModelListings();
    expect(await priceOf(keyless, 'atelier-vista')).toBeUndefined();
    expect(await priceOf(ctx, 'atelier-vista')).toMatchObject({ per_image: { '1024x1024': 0.08 } });
  });

  it("a caller whose key fails gets no prices of its own, and cannot spoil anyone's", async () => {
    forgetModelListings();
    // First asker: a bad key. No list: the app's own (priceless) list, priced by the operator's table only.
    expect(await priceOf(stranger, 'atelier-vista')).toBeUndefined();
    expect(await priceOf(stranger, 'atelier-edit')).toEqual({ per_edit: { '1024': 0.5, '4096': 0.9 } });
    // Ten seconds on, a good key asks again and the service's own prices stand for everyone.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
    await serviceModels(ctx);
    expect(await priceOf(stranger, 'atelier-vista')).toMatchObject({ per_image: { '1024x1024': 0.08 } });
    expect(await priceOf(ctx, 'atelier-edit')).toMatchObject({ per_edit: { '1024': 0.1 } });
  });

  it('keeps the last good list while the service’s list fails, comes back empty or loses its prices', async () => {
    for (const modelList of ['failing', 'empty', 'unpriced'] as const) {
      await knob(modelList);
      vi.setSystemTime(Date.now() + 61_000);
      await serviceModels(ctx); // answers at once from the last list; the refresh runs behind it
      await listingSettled();
      expect(await priceOf(ctx, 'atelier-vista')).toMatchObject({ per_image: { '1024x1024': 0.08 } });
    }
    await knob('normal');
  });

  it('refuses an edit it cannot price, and raises none from nothing', async () => {
    await expect(priceEdit(ctx, 'no-such-model', '1024x1024')).rejects.toMatchObject({ code: 'price_unknown', status: 503 });
    await expect(priceEdit(ctx, undefined, '1024x1024')).rejects.toMatchObject({ code: 'price_unknown' });
    expect(await priceEdit(ctx, 'atelier-edit-hd', '2000x1000')).toEqual([{ model: 'atelier-edit-hd', amount: '0.3' }]);
  });

  it('reuses what the ledger saw while prices stand, and reads again as soon as a charge exceeds its reservation', async () => {
    vi.useRealTimers();
    // A service whose list has no prices: atelier-pixel is priced by the operator's table, below what the service charges.
    await knob('unpriced');
    forgetModelListings();
    await serviceModels(ctx);
    await listingSettled();
    const board = { models: ['atelier-pixel'], size: '1024x1024' as const, n: 1 };
    const request = () => resolveTeamContext(ctx.user.id); // every request reads its caller (and the team's mark) afresh
    const raisedAt = async () => (await (await db()).team.findUniqueOrThrow({ where: { id: ctx.team.id } })).pricesRaisedAt;

    const first = await request();
    expect(await priceBoard(first, board)).toEqual([{ model: 'atelier-pixel', amount: '0.01' }]);
    expect(await raisedAt()).toBeNull();
    await runBoard(first, { ...board, prompt: 'a kite', background: 'opaque', seed: 1, responseFormat: 'url' });
    // Charged 0.04 on a reservation of 0.01: the team is marked, and the next request reads the ledger again.
    const marked = await raisedAt();
    expect(marked).not.toBeNull();
    expect(await priceBoard(first, board)).toEqual([{ model: 'atelier-pixel', amount: '0.01' }]); // a caller read before the mark: reused
    const next = await request();
    expect(await priceBoard(next, board)).toEqual([{ model: 'atelier-pixel', amount: '0.04' }]);
    // Charged what was reserved: no mark, and the raised estimate is reused.
    await runBoard(next, { ...board, prompt: 'a kite', background: 'opaque', seed: 2, responseFormat: 'url' });
    expect(await raisedAt()).toEqual(marked);
    expect(await priceBoard(await request(), board)).toEqual([{ model: 'atelier-pixel', amount: '0.04' }]);
    await knob('normal');
    forgetModelListings();
  });
});
