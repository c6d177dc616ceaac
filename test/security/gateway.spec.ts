import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { conformanceCases, maskPng, scenePng } from '@atelier/reference-service/testing';
import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { startAtelier, type Atelier } from '../support/atelier';
import { MiB, sendHuge } from './support/huge-body';
import { signUp, type Session } from './support/session';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

// Atelier's API (/api/v1) with team keys, over real HTTP on PostgreSQL: the service's request and
// answer shapes, every refusal in the service's error shape, a key's budget under concurrency, its
// requests per minute shared by two server processes, and a key that dies with its member's place.

interface ApiError {
  error: { message: string; type: string; code: string; param: string | null };
}

const board = (models: string | string[], seed = 5) => ({ model: models, prompt: 'a lighthouse at dusk', size: '1024x1024', n: 1, seed });

async function userId(atelier: Atelier, session: Session): Promise<string> {
  const { rows } = await atelier.sql!.query(`SELECT id FROM "User" WHERE email = $1`, [session.email]);
  return rows[0].id;
}

/** A key made through Settings' own action, acting as `member` (default: its maker). */
async function makeKey(
  owner: Session,
  atelier: Atelier,
  input: Record<string, unknown> = {},
  member?: Session,
): Promise<{ id: string; token: string; webhookSecret: string }> {
  return owner.act<{ id: string; token: string; webhookSecret: string }>(
    'makeApiKey',
    { name: 'pipeline', models: [], userId: await userId(atelier, member ?? owner), ...input },
    '/settings/api-keys',
  );
}

function call(atelier: Atelier, path: string, key: string | null, body?: unknown): Promise<Response> {
  return fetch(`${atelier.origin}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function refusal(response: Response): Promise<{ status: number; code: string; type: string; param: string | null }> {
  const { error } = (await response.json()) as ApiError;
  return { status: response.status, code: error.code, type: error.type, param: error.param };
}

test.describe('the API gateway on postgres', () => {
  let atelier: Atelier;
  let owner: Session;
  let receiver: WebhookReceiver;
  let receiverUrl: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // The first delivery fails: the retry must come.
    receiver = await startWebhookReceiver({ status: (deliveries) => (deliveries.length === 1 ? 500 : 204) });
    const { port } = receiver;
    // The receiver is reached by a host name, as a caller's would be: the tests' host map answers it.
    receiverUrl = 'http://hooks.receiver.example/hooks/atelier';
    atelier = await startAtelier({
      database: 'postgres',
      env: {
        ATELIER_SECRET: 'gateway-test-secret-of-at-least-32-chars',
        NODE_ENV: 'test',
        ATELIER_TEST_HOSTS: `hooks.receiver.example:80=127.0.0.1:${port}`,
        ATELIER_PRIVATE_CALLBACK_ORIGINS: 'http://hooks.receiver.example',
      },
    });
    owner = await signUp(atelier, 'Gail Gateway');
  });
  test.afterAll(async () => {
    await atelier?.stop();
    receiver?.close();
  });

  test('a video through /api/v1: the task record by polling, the file, and the caller’s webhook signed with the key’s secret', async () => {
    test.setTimeout(120_000);
    const { token, webhookSecret } = await makeKey(owner, atelier, { name: 'videos' });
    const started = await call(atelier, '/videos/generations', token, {
      model: 'atelier-motion',
      prompt: 'waves rolling onto a beach at dawn',
      duration: 3,
      resolution: '480p',
      webhook_url: receiverUrl,
    });
    expect(started.status).toBe(200);
    const task = (await started.json()) as { id: string; object: string; status: string; model: string; params: { duration: number } };
    expect(task).toMatchObject({ object: 'video_generation', status: 'processing', model: 'atelier-motion', params: { duration: 3 } });

    let record: { status: string; progress: number; video_url?: string; usage?: { cost: number } } = { status: 'processing', progress: 0 };
    await expect
      .poll(
        async () => {
          record = await (await call(atelier, `/videos/generations/${task.id}`, token)).json();
          return record.status;
        },
        { timeout: 90_000, intervals: [1_000] },
      )
      .toBe('completed');
    expect(record.progress).toBe(100);
    expect(record.usage!.cost).toBeGreaterThan(0);
    // Fixed when the video was done: another poll answers the same URL and expiry, 30 days on.
    const again = (await (await call(atelier, `/videos/generations/${task.id}`, token)).json()) as typeof record & { expires_at: number };
    expect([again.video_url, again.expires_at]).toEqual([record.video_url, (record as typeof again).expires_at]);
    expect(again.expires_at).toBe(Number(new URL(again.video_url!).searchParams.get('expires')));
    expect(again.expires_at - Date.now() / 1000).toBeGreaterThan(29.9 * 86_400);
    const video = await fetch(record.video_url!);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(
      Buffer.from(await video.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp');

    // Delivered at least once (the first answer was a 500), each signed for the standardwebhooks library.
    await expect.poll(() => receiver.deliveries.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    for (const delivery of receiver.deliveries) {
      const event = new Webhook(webhookSecret).verify(delivery.body, delivery.headers) as { id: string; type: string; data: { id: string; status: string } };
      expect(event).toMatchObject({ type: 'video_generation.completed', data: { id: task.id, status: 'completed' } });
      // One id, the service's form, in the body and the webhook-id header alike (decisions.md row 7).
      expect([event.id, delivery.headers['webhook-id']]).toEqual([`evt_${task.id}`, `evt_${task.id}`]);
    }
    // The retry waits the schedule's first 5 s.
    expect(receiver.deliveries[1].at - receiver.deliveries[0].at).toBeGreaterThanOrEqual(4_500);
    expect(() => new Webhook(webhookSecret).verify(receiver.deliveries[0].body.replace('completed', 'failed'), receiver.deliveries[0].headers)).toThrow();

    // Another team's key never reads this task.
    const stranger = await signUp(atelier, 'Sid Stranger');
    const theirs = await makeKey(stranger, atelier, { name: 'theirs' });
    expect(await refusal(await call(atelier, `/videos/generations/${task.id}`, theirs.token))).toMatchObject({ status: 404, code: 'task_not_found' });
    // A video without a duration echoes the one used (and billed): the service's default of 5 s.
    const defaulted = await call(atelier, '/videos/generations', token, { model: 'atelier-motion', prompt: 'a quiet harbour', resolution: '480p' });
    expect(((await defaulted.json()) as { params: { duration: number } }).params.duration).toBe(5);
    // A webhook_url on a private address is refused up front.
    expect(
      await refusal(await call(atelier, '/videos/generations', token, { model: 'atelier-motion', prompt: 'x', webhook_url: 'http://10.0.0.7/hook' })),
    ).toMatchObject({ status: 400, code: 'invalid_webhook_url' });
  });

  test('a board through /api/v1 answers the service’s batch with Atelier’s own file URLs, and is the key’s', async () => {
    const { id, token } = await makeKey(owner, atelier, { name: 'catalogue' });
    const response = await call(atelier, '/images/generations', token, board(['atelier-vista', 'atelier-mosaic']));
    expect(response.status).toBe(200);
    const batch = (await response.json()) as {
      id: string;
      object: string;
      status: string;
      results: Array<{ model: string; index: number; data: Array<{ url: string }>; usage: { cost: number; cost_unit: string } }>;
      total_cost: { amount: number; currency: string };
    };
    expect(batch).toMatchObject({ object: 'batch', status: 'completed', total_cost: { currency: 'CNY' } });
    expect(batch.results.map((r) => [r.model, r.index, r.data.length, r.usage.cost_unit])).toEqual([
      ['atelier-vista', 0, 1, 'CNY'],
      ['atelier-mosaic', 1, 1, 'CNY'],
    ]);
    expect(batch.total_cost.amount).toBeCloseTo(
      batch.results.reduce((sum, r) => sum + r.usage.cost, 0),
      4,
    );
    for (const result of batch.results) {
      const url = result.data[0].url;
      expect(url).toMatch(new RegExp(`^${atelier.origin}/api/v1/files/[0-9a-f-]{36}\\.png\\?expires=\\d+&signature=[\\w-]+$`));
      const file = await fetch(url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect([...new Uint8Array(await file.arrayBuffer()).slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      // A forged or altered signature names nothing.
      expect((await fetch(url.replace(/signature=[\w-]+/, 'signature=forged'))).status).toBe(404);
    }
    // A signature is bound to its file: another file's id under it (another team's, or this one's) names nothing.
    const [a, b] = batch.results.map((r) => /files\/([0-9a-f-]{36})\./.exec(r.data[0].url)![1]);
    expect((await fetch(batch.results[0].data[0].url.replace(a, b))).status).toBe(404);
    const { rows } = await atelier.sql!.query(`SELECT "apiKeyId"::text FROM "Generation" WHERE id = $1`, [batch.id]);
    expect(rows).toEqual([{ apiKeyId: id }]);
    // Before the archive job has stored a file, its URL streams it from the service, checked as archiving checks it.
    const first = batch.results[0].data[0].url;
    const stored = Buffer.from(await (await fetch(first)).arrayBuffer());
    const outputId = /files\/([0-9a-f-]{36})\./.exec(first)![1];
    await atelier.sql!.query(`UPDATE "GenerationOutput" SET "assetId" = NULL, archive = 'archiving' WHERE id = $1`, [outputId]);
    const streamed = await fetch(first);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await streamed.arrayBuffer()).equals(stored)).toBe(true);
    // base64 on request, as the service answers it.
    const inline = await call(atelier, '/images/generations', token, { ...board('atelier-pixel'), response_format: 'b64_json' });
    const b64 = ((await inline.json()) as { results: Array<{ data: Array<{ b64_json: string }> }> }).results[0].data[0].b64_json;
    expect(Buffer.from(b64, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  test('the official OpenAI Node SDK works unchanged: base URL and key are all it changes', async () => {
    const { token } = await makeKey(owner, atelier, { name: 'sdk' });
    const client = new OpenAI({ baseURL: `${atelier.origin}/api/v1`, apiKey: token, maxRetries: 0 });
    const generated = await client.images.generate({ model: 'atelier-pixel', prompt: 'a red kite over green hills', n: 1, size: '1024x1024' });
    // OpenAI's own reading of the answer: the top-level data, Atelier's addition to the batch shape.
    expect((await fetch(generated.data![0].url!)).headers.get('content-type')).toBe('image/png');
    const answer = generated as unknown as { object: string; results: Array<{ seed: number; data: Array<{ url: string }> }> };
    expect(answer.object).toBe('batch');
    expect(answer.results[0].data[0].url).toBe(generated.data![0].url);
    expect((await fetch(answer.results[0].data[0].url)).headers.get('content-type')).toBe('image/png');
    // The seed drawn for the call comes back, so the image can be made again.
    expect(Number.isInteger(answer.results[0].seed)).toBe(true);
    // An edit: multipart image and mask, as the SDK sends them.
    const edited = await client.images.edit({
      model: 'atelier-edit',
      prompt: 'Turn the painted area into a bouquet of red flowers',
      image: await toFile(await scenePng(320, 240), 'scene.png', { type: 'image/png' }),
      mask: await toFile(await maskPng(320, 240, { x: 100, y: 60, w: 120, h: 120 }), 'mask.png', { type: 'image/png' }),
    });
    expect(edited).toMatchObject({ object: 'image', status: 'completed', usage: { cost_unit: 'CNY' } });
    const result = await fetch(edited.data![0].url!);
    expect(result.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await result.arrayBuffer())).metadata()).toMatchObject({ width: 320, height: 240 });
    const { rows } = await atelier.sql!.query(`SELECT kind, params->>'editKind' AS "editKind" FROM "Generation" WHERE id = $1`, [
      (edited as unknown as { id: string }).id,
    ]);
    expect(rows).toEqual([{ kind: 'edit', editKind: 'local' }]);
    // models.list reads the service's list unchanged.
    const listed = [];
    for await (const model of client.models.list()) listed.push(model.id);
    expect(listed).toEqual(expect.arrayContaining(['atelier-pixel', 'atelier-edit', 'atelier-motion']));
    // A refusal reaches the SDK as its own error, with the status and the service's code.
    const refused = new OpenAI({ baseURL: `${atelier.origin}/api/v1`, apiKey: 'atl_not-a-key', maxRetries: 0 });
    await expect(refused.images.generate({ model: 'atelier-pixel', prompt: 'x' })).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  test('photos as cameras make them: over 4096 px a side is refused with the limit, over 20 MB with 413 image_too_large', async () => {
    const { token } = await makeKey(owner, atelier, { name: 'photos' });
    const edit = async (file: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.set('prompt', 'convert to watercolor style');
      form.set('image', new Blob([new Uint8Array(file)], { type }), name);
      const response = await fetch(`${atelier.origin}/api/v1/images/edits`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      return { status: response.status, ...((await response.json()) as ApiError).error };
    };
    const camera = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#4a7' } })
      .jpeg()
      .toBuffer();
    const wide = await edit(camera, 'camera.jpg', 'image/jpeg');
    expect(wide).toMatchObject({ status: 400, code: 'image_too_large', param: 'image' });
    expect(wide.message).toMatch(/5000×5000.*4096 px/);
    const heavy = Buffer.concat([await scenePng(64, 64), Buffer.alloc(30 * 1024 * 1024, 7)]);
    expect(await edit(heavy, 'heavy.png', 'image/png')).toMatchObject({ status: 413, code: 'image_too_large', param: 'image' });
  });

  // The interface's conformance suite (packages/reference-service/src/testing/conformance.ts, run on the
  // reference service itself too): a client of the service changes base URL and key, nothing else.
  test.describe('the service’s conformance suite, pointed at /api/v1', () => {
    let key: string;
    test.beforeAll(async () => {
      key = (await makeKey(owner, atelier, { name: 'conformance' })).token;
    });
    for (const c of conformanceCases) {
      test(c.name, async () => {
        test.setTimeout(c.timeoutMs ?? 30_000);
        await c.run({ base: `${atelier.origin}/api/v1`, key });
      });
    }
  });

  test('every refusal in the service’s error shape', async () => {
    const { token, id } = await makeKey(owner, atelier, { name: 'narrow', models: ['atelier-pixel'] });
    expect(await refusal(await call(atelier, '/models', null))).toEqual({ status: 401, code: 'missing_api_key', type: 'authentication_error', param: null });
    expect(await refusal(await call(atelier, '/models', 'sk-not-ours'))).toMatchObject({ status: 401, code: 'invalid_api_key' });
    // A session cookie is no key: the API is bearer-only, so another origin's page gets nothing from a signed-in browser.
    const withCookie = await owner.fetch('/api/v1/images/generations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
      body: JSON.stringify(board('atelier-pixel')),
    });
    expect(await refusal(withCookie)).toMatchObject({ status: 401, code: 'missing_api_key' });
    expect(await refusal(await call(atelier, '/models', `atl_${'A'.repeat(55)}`))).toMatchObject({ status: 401, code: 'invalid_api_key' });
    // A key lists only the models it may use, and may use no other.
    const models = (await (await call(atelier, '/models', token)).json()) as { object: string; data: Array<{ id: string }> };
    expect(models.data.map((m) => m.id)).toEqual(['atelier-pixel']);
    expect(await refusal(await call(atelier, '/images/generations', token, board(['atelier-pixel', 'atelier-vista'])))).toEqual({
      status: 403,
      code: 'model_not_allowed',
      type: 'permission_error',
      param: 'model',
    });
    expect(await refusal(await call(atelier, '/images/generations', token, { ...board('atelier-pixel'), size: '512x512' }))).toMatchObject({
      status: 400,
      code: 'invalid_size',
      param: 'size',
    });
    expect(await refusal(await call(atelier, '/images/generations', token, { size: '1024x1024' }))).toMatchObject({ status: 400, code: 'missing_field' });
    // The API answers its own paths (server.ts, not Next.js routing): an unknown one or a wrong method in the same shape.
    expect(await refusal(await call(atelier, '/images/variations', token, board('atelier-pixel')))).toMatchObject({ status: 404, code: 'not_found' });
    // A path that is not valid percent-encoding: 400, as the service answers it (the differential spec holds the two alike).
    expect(await refusal(await call(atelier, '/videos/generations/%E0%A4%A', token))).toMatchObject({ status: 400, code: 'invalid_request', param: 'id' });
    const wrongMethod = await fetch(`${atelier.origin}/api/v1/images/generations`, { headers: { authorization: `Bearer ${token}` } });
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(await refusal(wrongMethod)).toMatchObject({ status: 405, code: 'method_not_allowed' });
    // The service's own refusal passes through as the service made it.
    const unknown = await makeKey(owner, atelier, { name: 'any model' });
    expect(await refusal(await call(atelier, '/images/generations', unknown.token, board('atelier-nonesuch')))).toMatchObject({ status: 404 });

    // Expired, then revoked: refused at once.
    await atelier.sql!.query(`UPDATE "ApiKey" SET "expiresAt" = now() - interval '1 second' WHERE id = $1`, [id]);
    expect(await refusal(await call(atelier, '/models', token))).toMatchObject({ status: 401, code: 'invalid_api_key' });
    await owner.act('revokeApiKeyAction', { id: unknown.id }, '/settings/api-keys');
    expect(await refusal(await call(atelier, '/models', unknown.token))).toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  test('50 concurrent boards on a key budget for 10: 10 run, 40 are refused naming the key, the spend is the budget', async () => {
    test.setTimeout(120_000);
    await owner.createTeam('Key budget');
    // atelier-pixel at 1024² costs ¥0.04 an image: ¥0.40 is ten boards.
    const { token, id } = await makeKey(owner, atelier, { name: 'ten boards', monthlyBudget: '0.40' });
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => call(atelier, '/images/generations', token, board('atelier-pixel', i))));
    const tally: Record<string, number> = {};
    for (const response of responses) {
      const outcome = response.status === 200 ? 'ok' : `${response.status} ${(await refusal(response)).param}`;
      tally[outcome] = (tally[outcome] ?? 0) + 1;
    }
    expect(tally).toEqual({ ok: 10, '402 key': 40 });
    const { rows } = await atelier.sql!.query(
      `SELECT count(*)::int AS lines, sum(l.amount)::float AS total FROM "LedgerEntry" l JOIN "Generation" g ON g.id = l."generationId" WHERE g."apiKeyId" = $1 AND l.status = 'settled'`,
      [id],
    );
    expect(rows[0]).toEqual({ lines: 10, total: 0.4 });
  });

  test('a key stops at once when its member leaves the team', async () => {
    const member = await signUp(atelier, 'Milo Member');
    await owner.createTeam('Leavers');
    const { token: invite } = await owner.act<{ token: string }>('createInviteLink', { role: 'member' }, '/settings/team');
    await member.act('acceptInviteAction', { token: invite }, `/invite/${invite}`);
    const { token } = await makeKey(owner, atelier, { name: 'milo’s' }, member);
    expect((await call(atelier, '/models', token)).status).toBe(200);
    const { rows } = await atelier.sql!.query(
      `SELECT m.id FROM "Membership" m JOIN "User" u ON u.id = m."userId" JOIN "Team" t ON t.id = m."teamId" WHERE u.email = $1 AND t.name = 'Leavers'`,
      [member.email],
    );
    await owner.act('removeTeamMember', { membershipId: rows[0].id }, '/settings/team');
    expect(await refusal(await call(atelier, '/models', token))).toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  test('keys and the request log answer only as the role and team allow; bad input is a 4xx that changes nothing', async () => {
    const member = await signUp(atelier, 'Mara Member');
    const stranger = await signUp(atelier, 'Stan Stranger');
    await owner.createTeam('Guarded');
    const { token: invite } = await owner.act<{ token: string }>('createInviteLink', { role: 'member' }, '/settings/team');
    await member.act('acceptInviteAction', { token: invite }, `/invite/${invite}`);
    const { id, token } = await makeKey(owner, atelier, { name: 'guarded' });
    const keyCount = async () => (await atelier.sql!.query(`SELECT count(*)::int AS n FROM "ApiKey"`)).rows[0].n as number;
    const before = await keyCount();

    // A member makes no key and revokes none; another team's admin cannot even find this one.
    const made = await member.action('makeApiKey', { name: 'mine', models: [], userId: await userId(atelier, member) }, '/settings/api-keys');
    expect(made.result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect((await member.action('revokeApiKeyAction', { id }, '/settings/api-keys')).result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect((await stranger.action('revokeApiKeyAction', { id }, '/settings/api-keys')).result).toMatchObject({ ok: false, error: { code: 'not_found' } });
    // Malformed input to the action: refused by its schema.
    const bad = await owner.action('makeApiKey', { name: '', models: [], userId: 'not-a-uuid', rpm: -1 }, '/settings/api-keys');
    expect(bad.result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await keyCount()).toBe(before);
    expect((await call(atelier, '/models', token)).status).toBe(200);

    // The request log's export: malformed filters are a 400; a member's export holds only their own calls.
    expect((await owner.fetch('/api/requests/export?outcome=sometimes')).status).toBe(400);
    expect((await owner.fetch('/api/requests/export?source=not-a-key')).status).toBe(400);
    expect((await owner.fetch('/dashboard/requests?operation=%00')).status).toBe(404);
    expect((await call(atelier, '/images/generations', token, board('atelier-pixel', 77))).status).toBe(200);
    const lines = async (who: Session) =>
      (await (await who.fetch('/api/requests/export?operation=images.generations')).text())
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean).length;
    await expect.poll(() => lines(owner), { timeout: 10_000 }).toBe(2); // the header and the owner's call
    expect(await lines(member)).toBe(1); // the header only: a member sees their own calls

    // Bodies are capped while they stream, as everywhere: 1 MB for JSON, 42 MB for edits.
    const huge = await sendHuge(`${atelier.origin}/api/v1/images/generations`, {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      total: 8 * MiB,
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body)).toMatchObject({ error: { code: 'request_too_large' } });
    expect(await refusal(await call(atelier, '/videos/generations/not-a-uuid', token))).toMatchObject({ status: 404, code: 'task_not_found' });
    expect(await refusal(await call(atelier, '/images/generations', token, { ...board('atelier-pixel'), n: 99 }))).toMatchObject({
      status: 400,
      code: 'invalid_n',
    });
  });

  test('requests per minute are counted in the database: two server processes share one limit', async () => {
    test.setTimeout(120_000);
    const replica = await startAtelier({ database: 'postgres', replicaOf: atelier, env: { ATELIER_SECRET: 'gateway-test-secret-of-at-least-32-chars' } });
    try {
      // Eight calls, alternating servers, in one minute window: the database says which windows it
      // counted them in, and calls that straddled a minute's turn are made again with a new key.
      let statuses: number[] = [];
      let limited: Response | undefined;
      for (let attempt = 0; attempt < 2; attempt++) {
        const { id, token } = await makeKey(owner, atelier, { name: `five a minute ${attempt}`, rpm: 5 });
        statuses = [];
        for (let i = 0; i < 4; i++) for (const server of [atelier, replica]) statuses.push((await call(server, '/models', token)).status);
        limited = await call(replica, '/models', token);
        const windows = await atelier.sql!.query(`SELECT count(*)::int AS n FROM "ApiKeyMinute" WHERE "keyId" = $1`, [id]);
        if (windows.rows[0].n === 1) break;
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);
      expect(limited!.status).toBe(429);
      expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refusal(limited!)).toMatchObject({ code: 'rate_limit_exceeded', type: 'rate_limit_error' });
    } finally {
      await replica.stop();
    }
  });

  test('the request log holds every call, from the API and the studio, and a clean shutdown loses none', async () => {
    test.setTimeout(120_000);
    await owner.createTeam('Logged');
    const { token, id: keyId } = await makeKey(owner, atelier, { name: 'logged key' });
    expect((await call(atelier, '/images/generations', token, board('atelier-pixel', 41))).status).toBe(200);
    const studio = await owner.fetch('/api/compare', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'from the studio', models: ['atelier-pixel'], size: '1024x1024', n: 1, background: 'opaque', seed: 2 }),
    });
    expect(studio.status).toBe(201);
    const logged = async () =>
      (
        await atelier.sql!.query(
          `SELECT r."apiKeyId"::text AS key, r.operation, r.models, r.status, r."upstreamMs", r."totalMs", r.cost::float AS cost
           FROM "RequestLog" r JOIN "Team" t ON t.id = r."teamId" WHERE t.name = 'Logged' AND r.operation = 'images.generations' ORDER BY r."createdAt"`,
        )
      ).rows;
    await expect.poll(async () => (await logged()).length, { timeout: 10_000 }).toBe(2);
    const [api, fromStudio] = await logged();
    expect(api).toMatchObject({ key: keyId, models: ['atelier-pixel'], status: 200, cost: 0.04 });
    expect(fromStudio).toMatchObject({ key: null, status: 200 });
    for (const row of [api, fromStudio]) expect(row.totalMs).toBeGreaterThanOrEqual(row.upstreamMs);
    // Dashboard → Requests, and its CSV.
    const page = await (await owner.fetch('/dashboard/requests')).text();
    expect(page).toContain('logged key');
    const csv = await (await owner.fetch(`/api/requests/export?source=${keyId}`)).text();
    expect(
      csv
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(2);

    // A replica that takes a call and is stopped at once still writes it before it exits. The model
    // list it fetches for the call is the system's (no key's): counted from the moment it started.
    const since = new Date();
    const replica = await startAtelier({ database: 'postgres', replicaOf: atelier, env: { ATELIER_SECRET: 'gateway-test-secret-of-at-least-32-chars' } });
    try {
      expect((await call(replica, '/models', token)).status).toBe(200);
    } finally {
      await replica.stop();
    }
    const { rows } = await atelier.sql!.query(`SELECT count(*)::int AS n FROM "RequestLog" WHERE operation = 'models' AND system AND "createdAt" >= $1`, [
      since,
    ]);
    expect(rows[0].n).toBe(1);
  });
});
