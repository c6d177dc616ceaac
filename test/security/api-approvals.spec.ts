import sharp from 'sharp';
import { approvalAnswer } from '../../lib/api/openapi';
import { expect, sharedAtelier, test } from './support/fixtures';
import { signUp, type Session } from './support/session';

// A request through Atelier's API held for approval: never a silent hold. The key acts as a member
// over the team's limit; each of the three operations answers 202 with the request's record and
// where to poll it (GET /api/v1/approvals/{id}); once approved, the record carries the result, its
// files fetchable; a revoked key voids what came through it.

const atelier = sharedAtelier('postgres');

async function userId(session: Session): Promise<string> {
  const { rows } = await atelier.sql!.query(`SELECT id FROM "User" WHERE email = $1`, [session.email]);
  return rows[0].id;
}

test('the API answers a held request 202 with where to poll it, and the result there once approved; a revoked key voids it', async () => {
  test.setTimeout(120_000);
  const owner = await signUp(atelier, 'Ada Owner');
  const member = await signUp(atelier, 'Max Member');
  await owner.createTeam('Pipelines');
  const { token } = await owner.act<{ token: string }>('createInviteLink', { role: 'member' }, '/settings/team');
  await member.act('acceptInviteAction', { token }, `/invite/${token}`);
  await owner.act('setApprovalThresholdAction', { above: '0.10' }, '/settings/team');
  const key = (
    await owner.act<{ token: string; id: string }>('makeApiKey', { name: 'render farm', models: [], userId: await userId(member) }, '/settings/api-keys')
  ).token;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${atelier.origin}/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) } });
  const json = { 'content-type': 'application/json' };

  // A board over the limit: 202, its record, and Location where to poll it.
  const asked = await api('/images/generations', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ model: ['atelier-vista', 'atelier-pixel'], prompt: 'a crane against the dawn', size: '1024x1024', n: 1, seed: 8 }),
  });
  expect(asked.status).toBe(202);
  const held = (await asked.json()) as { id: string; object: string; status: string; operation: string; status_url: string; estimate: { amount: number } };
  expect(held).toMatchObject({
    object: 'approval_request',
    status: 'awaiting_approval',
    operation: 'images.generations',
    estimate: { amount: 0.12, currency: 'CNY' },
  });
  expect(asked.headers.get('location')).toBe(held.status_url);
  // As the OpenAPI document says (GET /api/v1/openapi.json).
  expect(approvalAnswer.safeParse(held).error).toBeUndefined();
  expect(held.status_url).toBe(`${atelier.origin}/api/v1/approvals/${held.id}`);
  const poll = async (id: string) =>
    (await (await api(`/approvals/${id}`)).json()) as { status: string; result: { id: string; data: Array<{ url: string }> } | null; reason: string | null };
  expect(await poll(held.id)).toMatchObject({ status: 'awaiting_approval', result: null });

  // An edit and a video over it too: 202 each.
  const picture = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#3b6ea5' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'photo.png');
  form.set('prompt', 'restyle it as a watercolour');
  form.set('model', 'atelier-edit-hd');
  const edit = await api('/images/edits', { method: 'POST', body: form });
  expect(edit.status).toBe(202);
  expect(await edit.json()).toMatchObject({ operation: 'images.edits', estimate: { amount: 0.2 } });
  const video = await api('/videos/generations', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ model: 'atelier-motion', prompt: 'a slow pan over a quay', duration: 3, resolution: '480p' }),
  });
  expect(video.status).toBe(202);
  const heldVideo = (await video.json()) as { id: string; operation: string };
  expect(heldVideo.operation).toBe('videos.generations');

  // Approved in Atelier, the board runs; its record then carries the images, their files fetchable.
  expect((await owner.fetch(`/api/approvals/${held.id}`, { method: 'POST', headers: json, body: JSON.stringify({ decision: 'approve' }) })).status).toBe(200);
  await expect.poll(async () => (await poll(held.id)).status, { timeout: 30_000 }).toBe('completed');
  const done = await poll(held.id);
  expect(approvalAnswer.safeParse(done).error).toBeUndefined();
  expect(done.result?.data).toHaveLength(2);
  const file = await fetch(done.result!.data[0].url);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('image/png');
  // Its archiving done before the spec ends (the suite shares this server: the next spec counts files).
  await expect
    .poll(
      async () =>
        (await atelier.sql!.query(`SELECT count(*)::int AS n FROM "GenerationOutput" WHERE "generationId" = $1 AND "archive" <> 'archived'`, [done.result!.id]))
          .rows[0].n,
      { timeout: 30_000 },
    )
    .toBe(0);

  // Another team's key does not find it.
  const stranger = await signUp(atelier, 'Sid Stranger');
  const theirs = (await stranger.act<{ token: string }>('makeApiKey', { name: 'theirs', models: [], userId: await userId(stranger) }, '/settings/api-keys'))
    .token;
  const peek = await fetch(`${atelier.origin}/api/v1/approvals/${held.id}`, { headers: { authorization: `Bearer ${theirs}` } });
  expect(peek.status).toBe(404);
  expect(await peek.json()).toMatchObject({ error: { code: 'task_not_found' } });

  // Revoking the key voids what still waits from it.
  const keyId = (await atelier.sql!.query(`SELECT id FROM "ApiKey" WHERE name = 'render farm'`)).rows[0].id;
  await owner.act('revokeApiKeyAction', { id: keyId }, '/settings/api-keys');
  const { rows } = await atelier.sql!.query(`SELECT status::text, "reasonKey" FROM "ApprovalRequest" WHERE id = $1`, [heldVideo.id]);
  expect(rows).toEqual([{ status: 'void', reasonKey: 'keyRevoked' }]);
  expect((await api(`/approvals/${heldVideo.id}`)).status).toBe(401);
});
