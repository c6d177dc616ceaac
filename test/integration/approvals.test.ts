import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveAlertSettings } from '../../lib/alerts/settings';
import { approveRequest, cancelRequest, declineRequest } from '../../lib/approvals/decide';
import { listApprovals } from '../../lib/approvals/requests';
import { setApprovalThreshold } from '../../lib/approvals/settings';
import { tidyApprovals } from '../../lib/approvals/tidy';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { runBoard } from '../../lib/comparisons/run-board';
import { boardInputSchema } from '../../lib/comparisons/schema';
import { editRequestSchema, runEdit } from '../../lib/edits/run-edit';
import { isHeld, type HeldRequest } from '../../lib/generations/approval-gate';
import { inboxOf } from '../../lib/inbox/notifications';
import { updateBudgets } from '../../lib/ledger/budgets';
import { db, runtime } from '../../lib/runtime';
import { removeMember } from '../../lib/teams/members';
import { createVideo } from '../../lib/videos/create-video';
import { DATABASE_KINDS } from '../support/app-db';
import { eventually, testAtelier } from '../support/harness';
import { startMailbox } from '../support/mailbox';

// Spend that waits for approval, end to end against the reference service on both databases: a
// member's request over the team's limit is kept with its inputs (nothing reserved, nothing sent),
// owners and admins hear of it (inbox, and the team's alert email through a real SMTP server),
// and it runs once approved, through its feature, at the price then in force, charged once however
// many approve at the same moment (on PostgreSQL those really are concurrent connections).

const mailbox = await startMailbox();
afterAll(() => mailbox.close());

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'approvals-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** atelier-vista lists 0.08 CNY a 1024² image, atelier-pixel 0.04: a board of both at n = 2 is 0.24. */
const board = (seed: number, over: Record<string, unknown> = {}) =>
  boardInputSchema.parse({
    prompt: `a harbour crane at dawn ${seed}`,
    models: ['atelier-vista', 'atelier-pixel'],
    size: '1024x1024',
    n: 2,
    background: 'opaque',
    seed,
    ...over,
  });

const held = (outcome: object): HeldRequest => {
  if (!isHeld(outcome)) throw new Error('expected the request to be held');
  return outcome.held;
};

describe.each(DATABASE_KINDS)('approvals on %s', (kind) => {
  const atelier = testAtelier(kind, { jobs: true, env: { SMTP_URL: mailbox.url, ALERTS_FROM: 'Atelier <alerts@atelier.test>' } });
  let owner: TeamContext;
  let member: TeamContext;
  let admin: TeamContext;

  beforeAll(async () => {
    owner = await atelier.person('Olga');
    const [mo, ada] = [await atelier.person('Mei'), await atelier.person('Adi')];
    const prisma = await db();
    await prisma.membership.createMany({
      data: [
        { teamId: owner.team.id, userId: mo.user.id, role: 'member' },
        { teamId: owner.team.id, userId: ada.user.id, role: 'admin' },
      ],
    });
    member = await resolveTeamContext(mo.user.id, { teamId: owner.team.id, strict: true });
    admin = await resolveTeamContext(ada.user.id, { teamId: owner.team.id, strict: true });
    await saveAlertSettings(owner, { budgetThresholds: [100], email: true });
  });

  const ledger = async () => (await db()).ledgerEntry.findMany({ where: { teamId: owner.team.id } });
  const generations = async (where: object = {}) => (await db()).generation.count({ where: { teamId: owner.team.id, ...where } });

  it('runs everything while the team has no limit, and refuses a member who sets one', async () => {
    const run = await runBoard(member, board(1));
    expect(isHeld(run)).toBe(false);
    await expect(setApprovalThreshold(member, '0.10')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it("holds a member's request over the limit with nothing reserved or sent; an owner's own, and one under the limit, run", async () => {
    await setApprovalThreshold(owner, '0.20');
    const before = { generations: await generations(), lines: (await ledger()).length };
    const ticket = held(await runBoard(member, board(2)));
    expect(ticket).toMatchObject({ kind: 'comparison', estimate: '0.24', threshold: '0.2' });
    expect(await generations()).toBe(before.generations);
    expect((await ledger()).length).toBe(before.lines);

    const [request] = await listApprovals(admin, 'waiting');
    expect(request).toMatchObject({
      id: ticket.id,
      status: 'awaiting_approval',
      requester: { id: member.user.id },
      facts: { models: ['atelier-vista', 'atelier-pixel'], n: 2 },
    });
    await expect(listApprovals(member, 'waiting')).rejects.toMatchObject({ code: 'forbidden' });
    expect((await listApprovals(member, 'mine')).map((r) => r.id)).toContain(ticket.id);

    expect(isHeld(await runBoard(owner, board(3)))).toBe(false);
    expect(isHeld(await runBoard(admin, board(4)))).toBe(false);
    expect(isHeld(await runBoard(member, board(5, { models: ['atelier-pixel'], n: 1 })))).toBe(false);

    // The owner and the admin hear of it in their inbox, and by the team's alert email.
    for (const decider of [owner, admin]) {
      const item = await eventually(async () => (await inboxOf(decider)).items.find((i) => i.kind === 'approval_asked' && i.href.endsWith(ticket.id)));
      expect(item).toMatchObject({ actor: 'Mei', approval: { estimate: '0.24', status: 'awaiting_approval' } });
    }
    expect((await inboxOf(member)).items.some((i) => i.kind === 'approval_asked')).toBe(false);
    const mail = await eventually(async () => mailbox.inbox.find((m) => m.text?.includes(ticket.id)));
    expect(mail.subject).toContain('needs approval');
    expect(mail.text).toContain('预估 ¥0.24');
    expect(new Set([mail.to].flat().flatMap((to) => to?.value.map((v) => v.address)))).toEqual(new Set([owner.user.email, admin.user.email]));
  }, 90_000);

  it('runs an approved request once, however many approve it at once, charging what ran', async () => {
    const ticket = held(await runBoard(member, board(6)));
    const answers = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => approveRequest(i % 2 ? admin : owner, ticket.id)));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const refused of answers.flatMap((a) => (a.status === 'rejected' ? [a.reason] : [])))
      expect(refused).toMatchObject({ code: 'conflict', key: 'approvalDecided' });

    const prisma = await db();
    const generation = await eventually(() => prisma.generation.findFirst({ where: { approvalId: ticket.id, status: 'completed' } }));
    expect(generation).toMatchObject({ userId: member.user.id, kind: 'comparison', prompt: 'a harbour crane at dawn 6' });
    const lines = await prisma.ledgerEntry.findMany({ where: { generationId: generation.id } });
    expect(lines.filter((l) => l.status === 'reserved')).toEqual([]);
    expect(lines.filter((l) => l.status === 'settled').reduce((sum, l) => sum + Number(l.amount), 0)).toBeCloseTo(0.24, 6);
    await eventually(async () => (await prisma.approvalRequest.findUnique({ where: { id: ticket.id } }))?.status === 'completed');
    expect(await prisma.generation.count({ where: { approvalId: ticket.id } })).toBe(1);

    // A second run of the job (a retry after a crash) finds nothing to do.
    await prisma.approvalRequest.update({ where: { id: ticket.id }, data: { status: 'approved' } });
    const { runApproved } = await import('../../lib/approvals/run');
    await runApproved(ticket.id);
    expect(await prisma.generation.count({ where: { approvalId: ticket.id } })).toBe(1);

    const told = await inboxOf(member);
    expect(told.items.find((i) => i.kind === 'approval_decided' && i.href.endsWith(ticket.id))).toMatchObject({ actor: expect.any(String) });
    const trail = await prisma.decision.findMany({ where: { subjectId: ticket.id } });
    expect(trail.map((d) => d.action)).toEqual(['approval.approved']);
  }, 90_000);

  it('says why a decline happened, lets the requester cancel, and refuses what others try', async () => {
    const declined = held(await runBoard(member, board(7)));
    await expect(declineRequest(member, declined.id, 'no')).rejects.toMatchObject({ code: 'forbidden' });
    await declineRequest(admin, declined.id, 'Too dear for a draft: try one model first.');
    await expect(approveRequest(owner, declined.id)).rejects.toMatchObject({ code: 'conflict' });
    const [mine] = (await listApprovals(member, 'mine')).filter((r) => r.id === declined.id);
    expect(mine).toMatchObject({ status: 'declined', reason: 'Too dear for a draft: try one model first.', decidedBy: 'Adi' });

    const cancelled = held(await runBoard(member, board(8)));
    await expect(cancelRequest(admin, cancelled.id)).rejects.toMatchObject({ code: 'forbidden' });
    await cancelRequest(member, cancelled.id);
    expect((await db()).generation.count({ where: { approvalId: { in: [declined.id, cancelled.id] } } })).resolves.toBe(0);

    // Another team's owner sees none of it and can decide none of it.
    const stranger = await atelier.person('Sam');
    const other = held(await runBoard(member, board(9)));
    await expect(approveRequest(stranger, other.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(declineRequest(stranger, other.id, 'mine now')).rejects.toMatchObject({ code: 'not_found' });
    expect((await db()).approvalRequest.findUnique({ where: { id: other.id } })).resolves.toMatchObject({ status: 'awaiting_approval' });
  });

  it('refuses, with the reason, a run that now costs more than approved or that the budget no longer allows', async () => {
    const prisma = await db();
    const pricier = held(await runBoard(member, board(10)));
    // As if approved when the list price was lower than now.
    await prisma.approvalRequest.update({ where: { id: pricier.id }, data: { estimate: '0.2300' } });
    await approveRequest(owner, pricier.id);
    const refused = await eventually(async () => prisma.approvalRequest.findFirst({ where: { id: pricier.id, status: 'refused' } }));
    expect(refused.reason).toBe('This request now costs about CN¥0.24, more than the CN¥0.23 approved.');
    expect(refused.reasonKey).toBe('approvalCostsMore');

    const overBudget = held(await runBoard(member, board(11)));
    const spent = (await ledger()).filter((l) => l.status === 'settled').reduce((sum, l) => sum + Number(l.amount), 0);
    await updateBudgets(owner, { teamBudget: (spent + 0.1).toFixed(2), hard: true, timeZone: 'Asia/Shanghai', members: [] });
    await approveRequest(owner, overBudget.id);
    const noRoom = await eventually(async () => prisma.approvalRequest.findFirst({ where: { id: overBudget.id, status: 'refused' } }));
    expect(noRoom.reasonKey).toBe('teamBudgetExceeded');
    expect(await prisma.generation.count({ where: { approvalId: { in: [pricier.id, overBudget.id] } } })).toBe(0);
    // A request the budget would refuse already is refused when asked, not held.
    await expect(runBoard(member, board(12))).rejects.toMatchObject({ code: 'budget_exceeded' });
    await updateBudgets(owner, { teamBudget: null, hard: true, timeZone: 'Asia/Shanghai', members: [] });
    const decisions = await inboxOf(member);
    expect(decisions.items.filter((i) => i.kind === 'approval_decided' && i.approval?.status === 'refused')).toHaveLength(2);
  }, 90_000);

  it('keeps an edit with its upload and mask, runs it with that mask once approved, and gives the upload back when a request ends unrun', async () => {
    const prisma = await db();
    const picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3b6ea5' } })
      .png()
      .toBuffer();
    const mask = await sharp(Buffer.alloc(320 * 200, 0).fill(255, 320 * 80, 320 * 120), { raw: { width: 320, height: 200, channels: 1 } })
      .png()
      .toBuffer();
    const file = async (bytes: Buffer) => {
      const where = path.join(dir, `${randomUUID()}.png`);
      await writeFile(where, bytes);
      return { path: where, bytes: bytes.length };
    };
    const edit = async (seed: number) =>
      runEdit(
        member,
        editRequestSchema.parse({
          requestId: randomUUID(),
          kind: 'local',
          prompt: 'a lighter band',
          image: await file(picture),
          mask: await file(mask),
          models: 'atelier-edit,atelier-edit-hd',
          seed,
        }),
        new AbortController().signal,
      );
    const ticket = held(await edit(1));
    expect(ticket.estimate).toBe('0.3');
    const saved = await prisma.approvalRequest.findUniqueOrThrow({ where: { id: ticket.id } });
    expect(saved.assetIds).toHaveLength(2);
    expect(saved.input).toMatchObject({ kind: 'local', models: 'atelier-edit,atelier-edit-hd', assetId: saved.assetIds[0], maskAssetId: saved.assetIds[1] });

    await approveRequest(owner, ticket.id);
    const generation = await eventually(() =>
      prisma.generation.findFirst({ where: { approvalId: ticket.id, status: 'completed' }, include: { outputs: true } }),
    );
    expect(generation.outputs.filter((o) => o.status === 'completed')).toHaveLength(2);
    expect(generation.params).toMatchObject({
      originalAssetId: saved.assetIds[0],
      maskAssetId: saved.assetIds[1],
      models: ['atelier-edit', 'atelier-edit-hd'],
    });

    // Another upload, never run: once it has expired, its files go (nothing else uses them).
    const other = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a53b6e' } })
      .png()
      .toBuffer();
    const expiring = held(
      await runEdit(
        member,
        editRequestSchema.parse({
          requestId: randomUUID(),
          kind: 'local',
          prompt: 'a lighter band',
          image: await file(other),
          mask: await file(
            await sharp(Buffer.alloc(300 * 200, 255), { raw: { width: 300, height: 200, channels: 1 } })
              .png()
              .toBuffer(),
          ),
          model: 'atelier-edit-fill',
        }),
        new AbortController().signal,
      ),
    );
    const uploads = (await prisma.approvalRequest.findUniqueOrThrow({ where: { id: expiring.id } })).assetIds;
    await prisma.approvalRequest.update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(approveRequest(owner, expiring.id)).rejects.toMatchObject({ code: 'conflict', values: { status: 'expired' } });
    const tidied = await tidyApprovals((await runtime()).db);
    expect(tidied.expired).toBeGreaterThanOrEqual(1);
    expect(await prisma.asset.count({ where: { id: { in: uploads } } })).toBe(0);
    // The approved edit's files stay: its generation uses them.
    expect(await prisma.asset.count({ where: { id: { in: saved.assetIds } } })).toBe(2);
    expect((await inboxOf(member)).items.find((i) => i.href.endsWith(expiring.id))?.approval?.status).toBe('expired');
  }, 120_000);

  it('starts a held video once approved, and voids what a member who left had asked', async () => {
    const prisma = await db();
    const video = { model: 'atelier-motion', prompt: 'a tide pool at noon', duration: 3, resolution: '480p', audio: true, aspectRatio: '16:9' } as const;
    const ticket = held(await createVideo(member, video));
    expect(ticket.estimate).toBe('0.45');
    await approveRequest(admin, ticket.id);
    const generation = await eventually(() =>
      prisma.generation.findFirst({ where: { approvalId: ticket.id, videoTask: { upstreamTaskId: { not: null } } }, include: { videoTask: true } }),
    );
    expect(generation.videoTask?.upstreamTaskId).toBeTruthy();
    expect(generation.params).toMatchObject({ model: 'atelier-motion', duration: 3, resolution: '480p', audio: true });

    const waiting = held(await createVideo(member, { ...video, prompt: 'a second tide pool' }));
    const membership = await prisma.membership.findFirstOrThrow({ where: { teamId: owner.team.id, userId: member.user.id } });
    await removeMember(owner, membership.id);
    expect(await prisma.approvalRequest.findUnique({ where: { id: waiting.id } })).toMatchObject({ status: 'void', reasonKey: 'requesterLeft' });
    await expect(approveRequest(owner, waiting.id)).rejects.toMatchObject({ code: 'conflict' });
    expect(await prisma.decision.count({ where: { subjectId: waiting.id, action: 'approval.void' } })).toBe(1);
  }, 120_000);
});
