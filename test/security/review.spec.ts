import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, sharedAtelier, test } from './support/fixtures';
import type { EntryPoint } from './support/entry-points';
import { signUp, type Session } from './support/session';

// Review and approvals, attacked by hand on PostgreSQL: every route and action of comments, review
// states, winners, stars, the inbox, approvals and the decisions, tried by a member of another team,
// by a member where owners and admins decide, by someone with no session holding a share link, and
// by a member against another member's request. Each is refused (4xx) and nothing is written. The
// entry points are read from the code (support/entry-points.ts): one added later must be listed here.

const ROOT = path.resolve(import.meta.dirname, '../..');
const atelier = sharedAtelier('postgres');

/** The review's and approvals' entry points, as support/entry-points.ts names them. */
const REVIEW_ROUTES = [
  'GET /api/library/[id]/review',
  'POST /api/library/[id]/review',
  'POST /api/library/[id]/comments',
  'POST /api/library/[id]/rating',
  'PATCH /api/comments/[id]',
  'DELETE /api/comments/[id]',
  'POST /api/comments/[id]/resolve',
  'GET /api/boards/[id]/review',
  'POST /api/boards/[id]/review',
  'POST /api/boards/[id]/winner',
  'GET /api/inbox',
  'POST /api/inbox',
  'GET /api/inbox/count',
  'GET /api/approvals',
  'GET /api/approvals/[id]',
  'POST /api/approvals/[id]',
  'GET /api/decisions/export',
];

/** What a refused attempt must leave as it was. */
async function state(): Promise<string> {
  const { rows } = await atelier.sql!.query(`SELECT
    (SELECT count(*) FROM "Comment")::int AS comments,
    (SELECT coalesce(string_agg(id || body || coalesce("resolvedAt"::text, '') || coalesce("deletedAt"::text, ''), ',' ORDER BY id), '') FROM "Comment") AS comment_rows,
    (SELECT count(*) FROM "Rating")::int AS ratings,
    (SELECT count(*) FROM "Decision")::int AS decisions,
    (SELECT count(*) FROM "Generation")::int AS generations,
    (SELECT coalesce(string_agg(id || status::text, ',' ORDER BY id), '') FROM "ApprovalRequest") AS approvals,
    (SELECT coalesce(string_agg(id || "reviewState"::text || winner::text || "columnWinner"::text, ',' ORDER BY id), '') FROM "GenerationOutput") AS outputs,
    (SELECT coalesce(string_agg(id || "reviewState"::text, ',' ORDER BY id), '') FROM "Generation") AS boards,
    (SELECT coalesce(string_agg(id || coalesce("readAt"::text, ''), ',' ORDER BY id), '') FROM "Notification") AS notifications,
    (SELECT coalesce(string_agg(coalesce("approvalAbove"::text, '-'), ',' ORDER BY id), '') FROM "Team") AS thresholds`);
  return JSON.stringify(rows[0]);
}

test("another team, a member where owners decide, a share link's visitor, and a member against another's request: refused everywhere, nothing written", async () => {
  test.setTimeout(180_000);
  const points: EntryPoint[] = JSON.parse(
    execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['test/security/support/entry-points.ts'], { cwd: ROOT, encoding: 'utf8' }),
  );
  const found = [
    ...new Set(
      points
        .filter((p) => p.kind === 'route' && /^\/api\/(library\/\[id\]\/(review|comments|rating)|comments|boards|inbox|approvals|decisions)/.test(p.name))
        .map((p) => `${p.method} ${p.name}`),
    ),
  ];
  // Every one that takes input is listed here (those taking only an id are listed by hand).
  expect(found.filter((entry) => !REVIEW_ROUTES.includes(entry))).toEqual([]);
  expect(found.length).toBeGreaterThanOrEqual(10);
  expect(points.some((p) => p.kind === 'action' && p.name === 'setApprovalThresholdAction')).toBe(true);

  const owner = await signUp(atelier, 'Tess Owner');
  const member = await signUp(atelier, 'Mel Member');
  const other = await signUp(atelier, 'Nia Member');
  const stranger = await signUp(atelier, 'Stan Stranger');
  await owner.createTeam('Decisions');
  for (const person of [member, other]) {
    const { token } = await owner.act<{ token: string }>('createInviteLink', { role: 'member' }, '/settings/team');
    await person.act('acceptInviteAction', { token }, `/invite/${token}`);
  }
  const post = (session: Session, url: string, body: unknown, method = 'POST') =>
    session.fetch(url, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

  // The team's own: a board, a thread on its first image, stars, a winner; a member's request held.
  const board = await post(owner, '/api/compare', {
    prompt: 'a kite for the attackers',
    models: ['atelier-vista', 'atelier-pixel'],
    size: '1024x1024',
    n: 1,
    background: 'opaque',
    seed: 3,
  });
  expect(board.status).toBe(201);
  const boardId = ((await board.json()) as { id: string }).id;
  const { rows: outputs } = await atelier.sql!.query(`SELECT id FROM "GenerationOutput" WHERE "generationId" = $1 ORDER BY "entryIndex"`, [boardId]);
  const outputId = outputs[0].id as string;
  const thread = (await (
    await post(member, `/api/library/${outputId}/comments`, { body: 'only for the team', mentions: [], anchor: { x: 10, y: 10 } })
  ).json()) as {
    id: string;
    threadId: string;
  };
  expect((await post(owner, `/api/boards/${boardId}/winner`, { outputId })).status).toBe(200);
  await owner.act('setApprovalThresholdAction', { above: '0.05' }, '/settings/team');
  const held = await post(member, '/api/compare', {
    prompt: 'a held board',
    models: ['atelier-vista'],
    size: '1024x1024',
    n: 1,
    background: 'opaque',
    seed: 4,
  });
  expect(held.status).toBe(202);
  const approvalId = ((await held.json()) as { held: { id: string } }).held.id;
  // The owner is told by a job: let it land before anything is compared.
  await expect
    .poll(async () => (await atelier.sql!.query(`SELECT count(*)::int AS n FROM "Notification" WHERE "approvalId" = $1`, [approvalId])).rows[0].n)
    .toBe(1);
  const share = await owner.act<{ token: string }>('shareResult', { target: { generationId: boardId }, expiry: 'never' }, `/compare/${boardId}`);

  // Every route, with a body it would take from its own team.
  const bodies: Record<string, unknown> = {
    'POST /api/library/[id]/review': { state: 'approved' },
    'POST /api/library/[id]/comments': { body: 'injected', mentions: [] },
    'POST /api/library/[id]/rating': { stars: 1 },
    'PATCH /api/comments/[id]': { body: 'rewritten', mentions: [] },
    'POST /api/comments/[id]/resolve': { resolved: true },
    'POST /api/boards/[id]/review': { state: 'approved' },
    'POST /api/boards/[id]/winner': { outputId: null },
    'POST /api/inbox': { all: true },
    'POST /api/approvals/[id]': { decision: 'approve' },
  };
  const ids: Record<string, string> = { library: outputId, comments: thread.threadId, boards: boardId, approvals: approvalId };
  const url = (route: string) =>
    route.replace(/^\/api\/(\w+)(.*)$/, (all, area: string, rest: string) => `/api/${area}${rest.replace('[id]', ids[area] ?? 'x')}`);
  const attempt = (session: Session | null, entry: string) => {
    const [method, route] = entry.split(' ');
    const init = { method, headers: { 'content-type': 'application/json' }, body: bodies[entry] === undefined ? undefined : JSON.stringify(bodies[entry]) };
    return session
      ? session.fetch(url(route), init)
      : fetch(`${atelier.origin}${url(route)}`, { ...init, headers: { ...init.headers, origin: atelier.origin } });
  };

  const before = await state();
  // Another team's member: the team's things do not exist for them. Their own inbox, approvals and count answer, empty of ours.
  for (const entry of REVIEW_ROUTES) {
    const answer = await attempt(stranger, entry);
    const own = ['GET /api/inbox', 'POST /api/inbox', 'GET /api/inbox/count', 'GET /api/approvals', 'GET /api/decisions/export'].includes(entry);
    if (own) {
      expect(answer.status, entry).toBe(200);
      expect(await answer.text(), entry).not.toMatch(/a held board|only for the team|a kite for the attackers/);
    } else expect([403, 404], entry).toContain(answer.status);
  }
  expect((await stranger.action('setApprovalThresholdAction', { above: '999' }, '/settings/team')).result).toMatchObject({ ok: true });
  expect(await state()).not.toBe(before); // the stranger's own team's threshold: theirs to set
  const after = await state();

  // A share link's visitor, signed out: every route wants a session; the shared page shows none of the review.
  for (const entry of REVIEW_ROUTES) expect((await attempt(null, entry)).status, entry).toBe(401);
  // (A board shows once its images are in Atelier's storage: the archive job may still be at it.)
  await expect.poll(async () => (await fetch(`${atelier.origin}/s/${share.token}`)).status, { timeout: 30_000 }).toBe(200);
  const page = await (await fetch(`${atelier.origin}/s/${share.token}`)).text();
  expect(page).toContain('a kite for the attackers');
  expect(page).not.toMatch(/only for the team|review-panel|data-testid="pin"|Winner/);

  // A member, where owners and admins decide: verdicts, winners, approvals, the decisions, the threshold.
  const adminsOnly: Array<[string, unknown?]> = [
    ['POST /api/library/[id]/review', { state: 'approved' }],
    ['POST /api/library/[id]/review', { state: 'changes_requested' }],
    ['POST /api/boards/[id]/review', { state: 'approved' }],
    ['POST /api/boards/[id]/winner', { outputId: null }],
    ['POST /api/boards/[id]/winner', { outputId: outputs[1].id, column: 1 }],
    ['POST /api/approvals/[id]', { decision: 'approve' }],
    ['POST /api/approvals/[id]', { decision: 'decline', reason: 'no' }],
    ['GET /api/decisions/export'],
  ];
  for (const [entry, body] of adminsOnly) {
    const [method, route] = entry.split(' ');
    const answer = await member.fetch(url(route), {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(answer.status, `${entry} ${JSON.stringify(body)}`).toBe(403);
  }
  for (const list of ['waiting', 'decided']) expect((await member.fetch(`/api/approvals?list=${list}`)).status).toBe(403);
  expect((await member.action('setApprovalThresholdAction', { above: null }, '/settings/team')).result).toMatchObject({
    ok: false,
    error: { code: 'forbidden' },
  });
  // Another member's words and request are not theirs to change: edit, delete, cancel, read.
  expect(
    (
      await other.fetch(`/api/comments/${thread.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ body: 'x', mentions: [] }),
      })
    ).status,
  ).toBe(403);
  expect((await other.fetch(`/api/comments/${thread.id}`, { method: 'DELETE' })).status).toBe(403);
  expect((await post(other, `/api/approvals/${approvalId}`, { decision: 'cancel' })).status).toBe(404);
  expect((await other.fetch(`/api/approvals/${approvalId}`)).status).toBe(404);
  expect(await state()).toBe(after);

  // What the team may do still works: the member comments, the requester reads their own request.
  expect((await member.fetch(`/api/approvals/${approvalId}`)).status).toBe(200);
  expect((await post(other, `/api/library/${outputId}/comments`, { body: 'a reply', mentions: [], threadId: thread.threadId })).status).toBe(201);
});
