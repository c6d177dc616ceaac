import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionsCsv, listDecisions } from '../../lib/audit/decisions';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { boardInputSchema } from '../../lib/comparisons/schema';
import { emailAwayMembers } from '../../lib/inbox/email';
import { inboxOf, markRead, unreadCount } from '../../lib/inbox/notifications';
import { listLibrary, libraryPageSchema } from '../../lib/library/items';
import { addComment, deleteComment, editComment, resolveThread, threadsOf } from '../../lib/review/comments';
import { setBoardState, setResultState } from '../../lib/review/states';
import { boardReview, resultReview } from '../../lib/review/view';
import { markWinner, rateResult } from '../../lib/review/winners';
import { db, runtime } from '../../lib/runtime';
import { DATABASE_KINDS } from '../support/app-db';
import { testAtelier } from '../support/harness';
import { startMailbox } from '../support/mailbox';
import { runBoard } from '../support/runs';

// Deciding together, on both databases: threads pinned to a spot of a result (and refused off it),
// mentions chosen by id that tell the member (by email once they have been away 15 minutes),
// replies that tell the thread, review states whose verdicts are owners' and admins', winners
// (one per board and per column, however many mark at once) and stars, the library's review
// filters and the audit trail with its CSV.

const mailbox = await startMailbox();
afterAll(() => mailbox.close());

describe.each(DATABASE_KINDS)('review on %s', (kind) => {
  const atelier = testAtelier(kind, { jobs: true, env: { SMTP_URL: mailbox.url, ALERTS_FROM: 'Atelier <alerts@atelier.test>' } });
  let owner: TeamContext;
  let member: TeamContext;
  let other: TeamContext;
  let stranger: TeamContext;
  let boardId: string;
  let images: Array<{ id: string; entryIndex: number }>;

  beforeAll(async () => {
    owner = await atelier.person('Tess');
    const [mel, nia] = [await atelier.person('Mel'), await atelier.person('Nia')];
    stranger = await atelier.person('Stan');
    const prisma = await db();
    await prisma.membership.createMany({
      data: [
        { teamId: owner.team.id, userId: mel.user.id, role: 'member' },
        { teamId: owner.team.id, userId: nia.user.id, role: 'member' },
      ],
    });
    member = await resolveTeamContext(mel.user.id, { teamId: owner.team.id, strict: true });
    other = await resolveTeamContext(nia.user.id, { teamId: owner.team.id, strict: true });
    const input = boardInputSchema.parse({
      prompt: 'a kite over dunes',
      models: ['atelier-vista', 'atelier-pixel'],
      size: '1024x1024',
      n: 2,
      background: 'opaque',
      seed: 4,
    });
    boardId = (await runBoard(owner, input)).id;
    images = await prisma.generationOutput.findMany({
      where: { generationId: boardId, status: 'completed' },
      orderBy: [{ entryIndex: 'asc' }, { position: 'asc' }],
      select: { id: true, entryIndex: true },
    });
    expect(images).toHaveLength(4);
  });

  it('pins threads to a spot of the picture, tells whom they mention and whom a reply concerns, and keeps edits to their authors', async () => {
    const [first] = images;
    await expect(addComment(member, first.id, { body: 'off the edge', mentions: [], anchor: { x: 1024, y: 10 } })).rejects.toMatchObject({
      code: 'invalid_input',
      key: 'pinOutside',
    });
    await expect(addComment(member, first.id, { body: 'a time on a picture', mentions: [], anchor: { t: 2 } })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(addComment(member, first.id, { body: 'hi', mentions: [stranger.user.id] })).rejects.toMatchObject({ key: 'mentionOutsider' });
    await expect(addComment(stranger, first.id, { body: 'mine now', mentions: [] })).rejects.toMatchObject({ code: 'not_found' });

    const pinned = await addComment(member, first.id, {
      body: 'the kite is cut off here',
      mentions: [owner.user.id],
      anchor: { x: 600, y: 400, w: 120, h: 80 },
    });
    const reply = await addComment(other, first.id, { body: 'agreed', mentions: [], threadId: pinned.threadId });
    const whole = await addComment(owner, first.id, { body: 'the sky is lovely', mentions: [] });
    await expect(addComment(owner, first.id, { body: 'x', mentions: [], threadId: pinned.threadId, anchor: { x: 1, y: 1 } })).rejects.toMatchObject({
      code: 'invalid_input',
    });

    const threads = await threadsOf(owner, first.id);
    expect(threads.map((t) => [t.n, t.anchor, t.comments.map((c) => c.body)])).toEqual([
      [1, { x: 600, y: 400, w: 120, h: 80 }, ['the kite is cut off here', 'agreed']],
      [2, null, ['the sky is lovely']],
    ]);
    // The owner was mentioned; the member hears of the reply in their thread; nobody is told of their own words.
    expect((await inboxOf(owner)).items.map((i) => [i.kind, i.actor])).toEqual([['mention', 'Mel']]);
    expect((await inboxOf(member)).items.map((i) => [i.kind, i.actor, i.excerpt])).toEqual([['reply', 'Nia', 'agreed']]);
    expect(await inboxOf(other)).toMatchObject({ items: [], unread: 0 });

    await expect(editComment(owner, reply.id, { body: 'not yours', mentions: [] })).rejects.toMatchObject({ code: 'forbidden' });
    await editComment(other, reply.id, { body: 'agreed, crop it', mentions: [member.user.id] });
    expect((await threadsOf(owner, first.id))[0].comments[1]).toMatchObject({
      body: 'agreed, crop it',
      editedAt: expect.any(String),
      mentions: [{ name: 'Mel' }],
    });
    expect((await inboxOf(member)).items.map((i) => i.kind)).toEqual(['mention', 'reply']);
    await expect(deleteComment(member, whole.id)).rejects.toMatchObject({ code: 'forbidden' });
    await deleteComment(owner, whole.id);
    expect(await threadsOf(owner, first.id)).toHaveLength(1);

    await resolveThread(member, pinned.threadId, true);
    expect((await threadsOf(owner, first.id))[0].resolved).toMatchObject({ by: 'Mel' });
    await resolveThread(other, pinned.threadId, false);
    expect((await threadsOf(owner, first.id))[0].resolved).toBeNull();
  });

  it('emails an unread mention to a member away for 15 minutes, once, and never what was read or to one still here', async () => {
    const prisma = await db();
    const [, second] = images;
    // Mel is away (no session seen for 20 minutes); Nia was here a minute ago.
    await prisma.userSession.create({ data: { userId: member.user.id, lastSeenAt: new Date(Date.now() - 20 * 60_000) } });
    await prisma.userSession.create({ data: { userId: other.user.id, lastSeenAt: new Date(Date.now() - 60_000) } });
    await markRead(member, 'all');
    await addComment(owner, second.id, { body: 'Mel, can you redo the tail?', mentions: [member.user.id, other.user.id] });
    // The job sends it within the minute; two runs now, at once, send it once between them (and the job's, once, too).
    const database = (await runtime()).db;
    await Promise.all([emailAwayMembers(database), emailAwayMembers(database)]);
    expect(await emailAwayMembers(database)).toBe(0);
    const to = (m: (typeof mailbox.inbox)[number]) => [m.to].flat().flatMap((address) => address?.value.map((v) => v.address));
    const mail = mailbox.inbox.filter(
      (m) => m.text?.includes('Mel, can you redo the tail?') && to(m).some((a) => a === member.user.email || a === other.user.email),
    );
    expect(mail).toHaveLength(1);
    expect(to(mail[0])).toEqual([member.user.email]);
    expect(mail[0].text).toContain('Tess 在「');
    expect(mail[0].text).toContain('Tess mentioned you in');
    expect(mail[0].text).toContain('Mel, can you redo the tail?');
    // Nia reads hers in the app before going away: nothing is emailed.
    await markRead(other, 'all');
    await prisma.userSession.updateMany({ where: { userId: other.user.id }, data: { lastSeenAt: new Date(Date.now() - 30 * 60_000) } });
    expect(await emailAwayMembers((await runtime()).db)).toBe(0);
    expect(await unreadCount(other)).toBe(0);
  });

  it("takes members' work to review and back, leaves verdicts to owners and admins, and marks one winner however many mark at once", async () => {
    const [a, b, c] = images;
    await setResultState(member, a.id, 'in_review');
    await expect(setResultState(member, a.id, 'approved')).rejects.toMatchObject({ code: 'forbidden', key: 'reviewersOnly' });
    await expect(setBoardState(member, boardId, 'changes_requested')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(setResultState(stranger, a.id, 'in_review')).rejects.toMatchObject({ code: 'not_found' });
    await setResultState(owner, a.id, 'approved');
    expect((await resultReview(member, a.id)).status).toMatchObject({ state: 'approved', by: 'Tess' });
    // A verdict stands against a member, who may not take it back to draft or review.
    for (const state of ['draft', 'in_review'] as const) {
      await expect(setResultState(member, a.id, state)).rejects.toMatchObject({ code: 'forbidden', key: 'verdictStands' });
    }
    expect((await resultReview(member, a.id)).status).toMatchObject({ state: 'approved', by: 'Tess' });
    // Nor can a member's change cross one: however they interleave, the owner's approval is what remains.
    const d = images[3];
    await setResultState(member, d.id, 'in_review');
    await Promise.allSettled([setResultState(owner, d.id, 'approved'), ...Array.from({ length: 5 }, () => setResultState(member, d.id, 'draft'))]);
    expect((await resultReview(member, d.id)).status).toMatchObject({ state: 'approved', by: 'Tess' });

    await expect(markWinner(member, boardId, { outputId: a.id })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(markWinner(owner, boardId, { outputId: c.id, column: 0 })).rejects.toMatchObject({ key: 'notOnBoard' });
    // Ten owners' marks at once, each for another image: one board winner, whichever came last.
    await Promise.all(Array.from({ length: 10 }, (_, i) => markWinner(owner, boardId, { outputId: images[i % 4].id })));
    const prisma = await db();
    expect(await prisma.generationOutput.count({ where: { generationId: boardId, winner: true } })).toBe(1);
    await markWinner(owner, boardId, { outputId: a.id });
    await markWinner(owner, boardId, { outputId: b.id, column: 0 });
    await markWinner(owner, boardId, { outputId: c.id, column: 1 });
    const board = await boardReview(member, boardId);
    expect(board).toMatchObject({ winner: a.id, columns: { 0: b.id, 1: c.id }, canDecide: false });

    await rateResult(member, a.id, 4);
    await rateResult(other, a.id, 5);
    await expect(rateResult(stranger, a.id, 1)).rejects.toMatchObject({ code: 'not_found' });
    expect((await resultReview(member, a.id)).rating).toEqual({ mine: 4, average: 4.5, count: 2 });
    expect(await rateResult(member, a.id, null)).toEqual({ mine: null, average: 5, count: 1 });

    // The library: by state (a board's state counts for its images), and approved winners.
    const page = async (ctx: TeamContext, query: Record<string, string>) =>
      (await listLibrary(ctx, libraryPageSchema.parse(query))).items.map((item) => item.id).sort();
    expect(await page(member, { review: 'approved' })).toEqual([a.id, d.id].sort());
    expect(await page(member, { winners: '1' })).toEqual([a.id]);
    await setBoardState(owner, boardId, 'approved');
    await expect(setBoardState(member, boardId, 'draft')).rejects.toMatchObject({ code: 'forbidden', key: 'verdictStands' });
    expect(await page(member, { winners: '1' })).toEqual([a.id, b.id, c.id].sort());
    expect(await page(member, { review: 'approved' })).toEqual(images.map((i) => i.id).sort());
    expect(await page(stranger, { review: 'approved' })).toEqual([]);
  });

  it('keeps a trail of the decisions, for owners and admins, as CSV too', async () => {
    await expect(listDecisions(member)).rejects.toMatchObject({ code: 'forbidden' });
    const { rows } = await listDecisions(owner);
    const actions = rows.map((r) => r.action);
    for (const action of ['thread.resolved', 'thread.reopened', 'review.in_review', 'review.approved', 'winner.board', 'winner.column'])
      expect(actions).toContain(action);
    expect(rows.filter((r) => r.action === 'review.in_review')).toContainEqual(
      expect.objectContaining({ actor: 'Mel', details: expect.objectContaining({ subject: 'result', model: 'atelier-vista' }) }),
    );
    const csv = await new Response(await decisionsCsv(owner)).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('time,time_zone,action,by,subject_id,about,details');
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines.some((line) => line.includes('review.approved,Tess') && line.includes('a kite over dunes'))).toBe(true);
    expect((await listDecisions(stranger)).rows).toEqual([]);
  });
});
