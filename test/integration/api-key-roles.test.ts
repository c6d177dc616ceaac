import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../lib/accounts/create-account';
import { apiCaller } from '../../lib/api-keys/authenticate';
import { createApiKey } from '../../lib/api-keys/keys';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { db } from '../../lib/runtime';
import { acceptInvite, createInvite } from '../../lib/teams/invites';
import { changeRole, listMembers, removeMember } from '../../lib/teams/members';
import { DATABASE_KINDS, useFreshDatabase } from '../support/app-db';

// A team API key never acts above the role of the member who made it: not when it is made, not
// later when its maker is demoted or leaves; and a removed member's keys stay revoked if they come back.

const call = (token: string) => apiCaller(new Request('http://atelier.test/api/v1/models', { headers: { authorization: `Bearer ${token}` } }));

describe.each(DATABASE_KINDS)('API keys within their maker’s role on %s', (kind) => {
  let teardown: () => Promise<void>;
  let owner: TeamContext;
  let admin: TeamContext;
  let member: TeamContext;
  let bea: TeamContext;
  const ids = { admin: '', member: '' };

  async function join(email: string, role: 'admin' | 'member'): Promise<TeamContext> {
    const { userId } = await createAccount({ name: email.split('@')[0], email, password: 'password-x1' });
    const { token } = await createInvite(owner, role);
    await acceptInvite((await resolveTeamContext(userId)).user, token);
    return resolveTeamContext(userId, { teamId: owner.team.id, strict: true });
  }
  const membershipOf = async (ctx: TeamContext) => (await listMembers(owner)).find((m) => m.email === ctx.user.email)!.membershipId;
  const keysOf = async (userId: string) =>
    (await db()).apiKey.findMany({ where: { teamId: owner.team.id, OR: [{ userId }, { createdById: userId }] }, select: { revokedAt: true } });

  beforeAll(async () => {
    teardown = await useFreshDatabase(kind);
    const { userId } = await createAccount({ name: 'Olga', email: 'olga@example.com', password: 'password-o1' });
    owner = await resolveTeamContext(userId);
    admin = await join('adam@example.com', 'admin');
    member = await join('mia@example.com', 'member');
    bea = await join('bea@example.com', 'admin');
    ids.admin = await membershipOf(admin);
    ids.member = await membershipOf(member);
  }, 60_000);
  afterAll(() => teardown?.());

  it('an admin may not make a key that acts as the owner; for themselves or a member they may', async () => {
    await expect(createApiKey(admin, { name: 'as owner', userId: owner.user.id, models: [] })).rejects.toMatchObject({
      code: 'forbidden',
      key: 'apiKeyAboveRole',
    });
    expect((await db()).apiKey.count({ where: { teamId: owner.team.id } })).resolves.toBe(0);
    const own = await createApiKey(admin, { name: 'mine', userId: admin.user.id, models: [] });
    const forMember = await createApiKey(admin, { name: 'for mia', userId: member.user.id, models: [] });
    expect((await call(own.token)).ctx.role).toBe('admin');
    expect((await call(forMember.token)).ctx.role).toBe('member');
  });

  it('a key whose maker is demoted below the member it acts as is refused (403, a named code) until they are not', async () => {
    const forBea = await createApiKey(admin, { name: 'adam for bea', userId: bea.user.id, models: [] });
    const own = await createApiKey(admin, { name: 'adam’s own', userId: admin.user.id, models: [] });
    expect((await call(forBea.token)).ctx.role).toBe('admin');
    await changeRole(owner, ids.admin, 'member');
    await expect(call(forBea.token)).rejects.toMatchObject({ code: 'forbidden', reason: 'keyMakerRole' });
    // Their own key acts at their new role, which is not above its maker's.
    expect((await call(own.token)).ctx.role).toBe('member');
    await changeRole(owner, ids.admin, 'admin');
    expect((await call(forBea.token)).ctx.role).toBe('admin');
  });

  it('a key whose maker left is refused; a removed member’s keys stay revoked when they are invited back', async () => {
    const byAdmin = await createApiKey(admin, { name: 'adam for mia', userId: member.user.id, models: [] });
    const byBea = await createApiKey(bea, { name: 'bea for mia', userId: member.user.id, models: [] });
    // A maker gone without their keys being revoked (a departure from before keys were revoked with it).
    await (await db()).membership.deleteMany({ where: { teamId: owner.team.id, userId: bea.user.id } });
    await expect(call(byBea.token)).rejects.toMatchObject({ code: 'forbidden', reason: 'keyMakerRole' });
    // Removed now: the keys they made and those acting as them are revoked with the membership.
    await removeMember(owner, ids.admin);
    await expect(call(byAdmin.token)).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(await keysOf(admin.user.id)).not.toHaveLength(0);
    expect((await keysOf(admin.user.id)).every((k) => k.revokedAt !== null)).toBe(true);

    const own = await createApiKey(owner, { name: 'olga for mia', userId: member.user.id, models: [] });
    expect((await call(own.token)).ctx.role).toBe('member');
    await removeMember(owner, ids.member);
    expect((await keysOf(member.user.id)).every((k) => k.revokedAt !== null)).toBe(true);
    const { token } = await createInvite(owner, 'member');
    await acceptInvite(member.user, token);
    await expect(call(own.token)).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
