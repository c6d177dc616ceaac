import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { scenePng } from '@atelier/reference-service/testing';
import { startAtelier, type Atelier } from '../security/support/atelier';
import { signUp, type Session } from '../security/support/session';

// Two replicas on one PostgreSQL: an edit runs on one, its Cancel reaches the other, and the edit
// stops where it runs (the cancel travels through the database, not through process memory).

let first: Atelier;
let second: Atelier;
let person: Session;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env = { ATELIER_SECRET: randomBytes(32).toString('base64url') };
  first = await startAtelier({ database: 'postgres', env });
  second = await startAtelier({ database: 'postgres', env, replicaOf: first });
  person = await signUp(first, 'Replica User');
  // The edit model takes 30 s on the first replica's service: long enough to cancel it meanwhile.
  await first.knobs({ latencyMs: { 'atelier-edit': 30_000 } });
});
test.afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

test('cancelling an edit through another replica stops it where it runs', async () => {
  test.setTimeout(60_000);
  const requestId = randomUUID();
  const form = new FormData();
  form.set('requestId', requestId);
  form.set('kind', 'style');
  form.set('prompt', 'convert to watercolor style');
  form.set('image', new Blob([new Uint8Array(await scenePng(320, 240))], { type: 'image/png' }), 'scene.png');
  const started = Date.now();
  const running = person.fetch('/edit/run', { method: 'POST', body: form });

  await expect
    .poll(async () => (await first.sql!.query(`SELECT status FROM "Generation" WHERE "requestId" = $1`, [requestId])).rows[0]?.status, { timeout: 20_000 })
    .toBe('running');
  // The same session, on the other replica (its cookie is for the host, not the port).
  const cancel = await fetch(`${second.origin}/edit/run?request=${requestId}`, { method: 'DELETE', headers: { cookie: person.cookie, origin: second.origin } });
  expect(await cancel.json()).toEqual({ cancelled: true });

  const answer = await running;
  expect(answer.status).toBe(409);
  expect((await answer.json()).error.message).toMatch(/cancelled/);
  expect(Date.now() - started).toBeLessThan(20_000); // not the 30 s the service would take
  const { rows } = await first.sql!.query(
    `SELECT g.status, array_agg(l.status::text) AS ledger FROM "Generation" g LEFT JOIN "LedgerEntry" l ON l."generationId" = g.id WHERE g."requestId" = $1 GROUP BY g.status`,
    [requestId],
  );
  expect(rows).toEqual([{ status: 'cancelled', ledger: ['released'] }]);
});
