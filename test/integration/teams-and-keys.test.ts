import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../lib/accounts/create-account';
import { userForOAuth } from '../../lib/accounts/oauth-user';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { AppError } from '../../lib/errors';
import { deleteUserKey, keyStatus, resolveServiceKey, storeTeamKey, storeUserKey } from '../../lib/keys/service-keys';
import { db } from '../../lib/runtime';
import { acceptInvite, createInvite, listInvites, peekInvite, revokeInvite } from '../../lib/teams/invites';
import { changeRole, listMembers, removeMember } from '../../lib/teams/members';
import { DATABASE_KINDS, useFreshDatabase } from '../support/app-db';

const rejects = (promise: Promise<unknown>, code: AppError['code']) => expect(promise).rejects.toMatchObject({ code });

describe.each(DATABASE_KINDS)('teams, invites and service keys on %s', (kind) => {
  let teardown: () => Promise<void>;
  let alice: TeamContext; // owner of team A
  let bob: TeamContext; // owner of team B
  let carol: TeamContext; // will join team A as a member

  beforeAll(async () => {
    teardown = await useFreshDatabase(kind);
    const a = await createAccount({ name: 'Alice', email: 'alice@example.com', password: 'password-a' });
    const b = await createAccount({ name: 'Bob', email: 'BOB@example.com', password: 'password-b' });
    const c = await createAccount({ name: 'Carol', email: 'carol@example.com', password: 'password-c' });
    alice = await resolveTeamContext(a.userId);
    bob = await resolveTeamContext(b.userId);
    carol = await resolveTeamContext(c.userId);
  }, 60_000);
  afterAll(() => teardown?.());

  it('gives each account a personal team it owns, and refuses a second account per email', async () => {
    expect(alice.team.personal).toBe(true);
    expect(alice.role).toBe('owner');
    expect(bob.user.email).toBe('bob@example.com');
    await rejects(createAccount({ name: 'Bob 2', email: 'bob@EXAMPLE.com', password: 'whatever1' }), 'conflict');
  });

  it('never resolves another team for a member of one team', async () => {
    await rejects(resolveTeamContext(alice.user.id, { teamId: bob.team.id, strict: true }), 'forbidden');
    // A forged team cookie falls back to the user's own team, never the forged one.
    const fallback = await resolveTeamContext(alice.user.id, { teamId: bob.team.id });
    expect(fallback.team.id).toBe(alice.team.id);
  });

  it('invites by link with a role, once, and enforces who may manage whom', async () => {
    const { token } = await createInvite(alice, 'member');
    expect(await peekInvite(token)).toMatchObject({ teamName: 'Alice', role: 'member' });
    expect(await acceptInvite(carol.user, token)).toBe(alice.team.id);
    await rejects(acceptInvite(bob.user, token), 'not_found'); // single use
    const carolInA = await resolveTeamContext(carol.user.id, { teamId: alice.team.id, strict: true });
    expect(carolInA.role).toBe('member');

    const members = await listMembers(alice);
    const carolRow = members.find((m) => m.email === 'carol@example.com')!;
    const aliceRow = members.find((m) => m.email === 'alice@example.com')!;
    await rejects(createInvite(carolInA, 'member'), 'forbidden');
    await rejects(changeRole(carolInA, carolRow.membershipId, 'admin'), 'forbidden');

    await changeRole(alice, carolRow.membershipId, 'admin');
    const carolAdmin = await resolveTeamContext(carol.user.id, { teamId: alice.team.id, strict: true });
    await rejects(changeRole(carolAdmin, carolRow.membershipId, 'owner'), 'forbidden');
    await rejects(changeRole(carolAdmin, aliceRow.membershipId, 'member'), 'forbidden');
    await rejects(createInvite(carolAdmin, 'owner'), 'forbidden');
    await rejects(changeRole(alice, aliceRow.membershipId, 'admin'), 'conflict'); // the last owner stays owner

    const revoked = await createInvite(carolAdmin, 'member');
    await revokeInvite(carolAdmin, (await listInvites(alice)).find((i) => i.role === 'member')!.id);
    expect(await peekInvite(revoked.token)).toBeNull();
    await rejects(acceptInvite(bob.user, revoked.token), 'not_found');

    const expired = await createInvite(alice, 'member');
    const prisma = await db();
    await prisma.invite.updateMany({ where: { teamId: alice.team.id, revokedAt: null, acceptedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await rejects(acceptInvite(bob.user, expired.token), 'not_found');

    await removeMember(carolAdmin, carolRow.membershipId); // leaving is allowed
    await rejects(resolveTeamContext(carol.user.id, { teamId: alice.team.id, strict: true }), 'forbidden');
  });

  it('keeps members, invites and keys of team B out of reach of team A', async () => {
    const { token } = await createInvite(bob, 'member');
    const bobsInvite = (await listInvites(bob))[0];
    expect(await listInvites(alice)).toEqual([]);
    await rejects(revokeInvite(alice, bobsInvite.id), 'not_found');
    const bobsMembership = (await listMembers(bob))[0];
    expect((await listMembers(alice)).map((m) => m.email)).toEqual(['alice@example.com']);
    await rejects(changeRole(alice, bobsMembership.membershipId, 'member'), 'not_found');
    await rejects(removeMember(alice, bobsMembership.membershipId), 'not_found');
    expect(await peekInvite(token)).toMatchObject({ teamName: 'Bob', role: 'member' });

    await storeTeamKey(bob, 'sk-team-bob-0000-9999');
    expect((await keyStatus(alice)).team).toBeNull();
    await rejects(resolveServiceKey(alice), 'forbidden');
    expect(await resolveServiceKey(bob)).toEqual({ apiKey: 'sk-team-bob-0000-9999', source: 'team' });
  });

  it('seals keys at rest, prefers the user key over the team key, and binds each sealed key to its row', async () => {
    await storeTeamKey(alice, 'sk-team-alice-1111-2222');
    await storeUserKey(alice.user.id, 'sk-user-alice-3333-4444');
    expect(await resolveServiceKey(alice)).toEqual({ apiKey: 'sk-user-alice-3333-4444', source: 'user' });
    expect(await keyStatus(alice)).toMatchObject({ user: { last4: '4444', provisioned: false }, team: { last4: '2222' } });

    const prisma = await db();
    const rows = await prisma.serviceCredential.findMany();
    for (const row of rows) expect(JSON.stringify(row)).not.toMatch(/sk-(user|team)-/);

    // A sealed key copied onto another user's row does not open there.
    const alicesRow = rows.find((r) => r.userId === alice.user.id)!;
    await prisma.serviceCredential.create({ data: { userId: bob.user.id, sealedKey: alicesRow.sealedKey, last4: '4444' } });
    await expect(resolveServiceKey(bob)).rejects.toThrow();
    await deleteUserKey(bob.user.id);

    await deleteUserKey(alice.user.id);
    expect(await resolveServiceKey(alice)).toEqual({ apiKey: 'sk-team-alice-1111-2222', source: 'team' });
    await expect(storeUserKey(alice.user.id, 'short')).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe.each(DATABASE_KINDS)('OAuth identities on %s', (kind) => {
  let teardown: () => Promise<void>;
  beforeAll(async () => {
    teardown = await useFreshDatabase(kind);
  }, 60_000);
  afterAll(() => teardown?.());

  it('creates a user with a personal team once, then finds it again by the linked identity', async () => {
    const identity = { email: 'Gina@Example.com', name: 'Gina', provider: 'github', providerAccountId: '4242' };
    const first = await userForOAuth(identity);
    expect(await userForOAuth(identity)).toBe(first);
    const ctx = await resolveTeamContext(first);
    expect(ctx).toMatchObject({ user: { email: 'gina@example.com' }, role: 'owner', team: { personal: true } });
    // A password account with the same email gets the identity linked instead of a duplicate user.
    const { userId } = await createAccount({ name: 'Hal', email: 'hal@example.com', password: 'password-h' });
    expect(await userForOAuth({ email: 'hal@example.com', name: 'Hal', provider: 'github', providerAccountId: '77' })).toBe(userId);
  });
});
