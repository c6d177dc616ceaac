import { createHash } from 'node:crypto';
import { expect, sharedAtelier, test } from './support/fixtures';
import { actionId, formActionBody, PASSWORD, signUp, Session } from './support/session';

// Sessions that end, sign-in that cannot be brute-forced or used to find accounts, and a team
// that never loses its last owner, on PostgreSQL (real concurrency, and rows the test can read).

const atelier = sharedAtelier('postgres');

/** Signs in through the sign-in form's action, as React sends it; the session's cookies, or why not. */
async function signIn(
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<{ session: Session | null; state: { error?: string; retryAfter?: number } | null }> {
  const response = await fetch(`${atelier.origin}/sign-in`, {
    method: 'POST',
    headers: { origin: atelier.origin, 'next-action': actionId('signInWithPassword'), accept: 'text/x-component', ...headers },
    body: formActionBody({ email, password }),
    redirect: 'manual',
  });
  const cookies = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair) => pair.startsWith('authjs.session-token='));
  if (cookies.length > 0) {
    const [name, value] = [cookies[0].slice(0, cookies[0].indexOf('=')), cookies[0].slice(cookies[0].indexOf('=') + 1)];
    return { session: new Session(atelier, email, [{ name, value }]), state: null };
  }
  const row = /^1:(.*)$/m.exec(await response.text());
  return { session: null, state: row ? JSON.parse(row[1]) : null };
}

/** Whether a copied cookie still opens the studio and the API. */
async function works(session: Session): Promise<boolean> {
  const page = await session.fetch('/settings');
  const api = await session.fetch('/api/videos/status?ids=');
  expect(page.status === 200).toBe(api.status === 200);
  return page.status === 200;
}

test.describe('sessions end when they should', () => {
  test('a copied cookie stops working once its session signs out; other sessions go on', async () => {
    const first = await signUp(atelier, 'Sid Signout');
    const copied = new Session(
      atelier,
      first.email,
      first.cookie.split('; ').map((pair) => ({ name: pair.split('=')[0], value: pair.slice(pair.indexOf('=') + 1) })),
    );
    const second = (await signIn(first.email, PASSWORD)).session!;
    expect(await works(copied)).toBe(true);
    await first.signOut();
    expect(await works(copied)).toBe(false);
    expect((await copied.fetch('/edit')).headers.get('location')).toMatch(/\/sign-in/);
    expect(await works(second)).toBe(true);
  });

  test('a password change ends every other session, keeps this one, and the old password stops working', async () => {
    const here = await signUp(atelier, 'Pat Password');
    const elsewhere = (await signIn(here.email, PASSWORD)).session!;
    expect(await works(elsewhere)).toBe(true);
    await here.act('changePassword', { current: PASSWORD, next: 'a-new-password-2' }, '/settings');
    expect(await works(elsewhere)).toBe(false);
    expect(await works(here)).toBe(true);
    expect((await signIn(here.email, PASSWORD)).session).toBeNull();
    expect((await signIn(here.email, 'a-new-password-2')).session).not.toBeNull();
  });

  test("a copied cookie gets no user from next-auth's own /api/auth/session after each kind of revocation", async () => {
    const copyOf = (session: Session) =>
      new Session(
        atelier,
        session.email,
        session.cookie.split('; ').map((pair) => ({ name: pair.split('=')[0], value: pair.slice(pair.indexOf('=') + 1) })),
      );
    /** Who next-auth's session endpoint says a cookie belongs to (its body is null when signed out). */
    const whoIs = async (session: Session) =>
      ((await (await session.fetch('/api/auth/session')).json()) as { user?: { email?: string } } | null)?.user?.email ?? null;
    const revocations: Record<string, (session: Session) => Promise<void>> = {
      'sign-out in the app': (session) => session.signOut(),
      "sign-out by next-auth's own route": async (session) => {
        const { csrfToken } = (await (await session.fetch('/api/auth/csrf')).json()) as { csrfToken: string };
        const response = await session.fetch('/api/auth/signout', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ csrfToken, callbackUrl: '/sign-in' }),
        });
        expect(response.status).toBeLessThan(400);
      },
      'a password change in another session': async (session) => {
        const other = (await signIn(session.email, PASSWORD)).session!;
        await other.act('changePassword', { current: PASSWORD, next: 'a-new-password-3' }, '/settings');
      },
      'the account removed': async (session) => {
        await atelier.sql!.query(`DELETE FROM "User" WHERE email = $1`, [session.email]);
      },
    };
    for (const [kind, revoke] of Object.entries(revocations)) {
      const person = await signUp(atelier, `Rae ${kind}`);
      const copied = copyOf(person);
      expect(await whoIs(copied), kind).toBe(person.email);
      await revoke(person);
      expect(await whoIs(copied), kind).toBeNull();
      expect(await works(copied), kind).toBe(false);
    }
  });

  test('a removed member loses the team at their very next request', async () => {
    const owner = await signUp(atelier, 'Olga Owner');
    const member = await signUp(atelier, 'Mick Member');
    await owner.createTeam('Removal');
    const { token } = await owner.act<{ token: string }>('createInviteLink', { role: 'member' }, '/settings/team');
    await member.act('acceptInviteAction', { token }, `/invite/${token}`);
    const created = await owner.fetch('/api/compare', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'team only', models: ['atelier-pixel'], size: '1024x1024', n: 1, background: 'opaque', seed: 1 }),
    });
    expect(created.status).toBe(201);
    const board = (await created.json()) as { id: string };
    expect((await member.fetch(`/compare/${board.id}`)).status).toBe(200);
    const { rows } = await atelier.sql!.query(`SELECT m.id FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1 AND m.role = 'member'`, [
      member.email,
    ]);
    await owner.act('removeTeamMember', { membershipId: rows[0].id }, '/settings/team');
    expect((await member.fetch(`/compare/${board.id}`)).status).toBe(404);
  });
});

test.describe('sign-in throttling', () => {
  const accountKey = (email: string) => `account:${createHash('sha256').update(email).digest('hex')}`;

  test('100 wrong passwords take at least a minute; the right one still works afterwards', async () => {
    test.setTimeout(180_000);
    const victim = await signUp(atelier, 'Vic Victim');
    // Time is moved in the database rather than waited out: each refusal says how long to wait,
    // and the test then lets that much time pass for the throttle.
    let waited = 0;
    let tried = 0;
    while (tried < 100) {
      const { session, state } = await signIn(victim.email, `wrong-${tried}`);
      expect(session).toBeNull();
      if (state?.error === 'throttled') {
        expect(state.retryAfter).toBeGreaterThan(0);
        waited += state.retryAfter!;
        await atelier.sql!.query(`UPDATE "SignInThrottle" SET "blockedUntil" = NULL`);
      } else {
        expect(state?.error).toBe('invalidCredentials');
        tried++;
      }
    }
    expect(waited).toBeGreaterThanOrEqual(60);
    // The account is blocked now, and the right password waits like any other...
    expect((await signIn(victim.email, PASSWORD)).state?.error).toBe('throttled');
    const { rows } = await atelier.sql!.query(`SELECT key FROM "SignInThrottle" WHERE key = $1`, [accountKey(victim.email)]);
    expect(rows).toHaveLength(1);
    // ...but the block passes: no lockout an attacker can hold a victim in.
    await atelier.sql!.query(`UPDATE "SignInThrottle" SET "blockedUntil" = NULL`);
    expect((await signIn(victim.email, PASSWORD)).session).not.toBeNull();
    await atelier.sql!.query(`DELETE FROM "SignInThrottle"`);
  });

  test('an address hammering many accounts is slowed too, and a forged X-Forwarded-For does not get round it', async () => {
    const someone = await signUp(atelier, 'Ivy Innocent');
    await atelier.sql!.query(`DELETE FROM "SignInThrottle"`);
    let throttled = false;
    for (let i = 0; i < 60 && !throttled; i++) throttled = (await signIn(`nobody-${i}@security.test`, 'guess-guess')).state?.error === 'throttled';
    expect(throttled).toBe(true);
    // Not trusted (ATELIER_TRUSTED_PROXY_HOPS is 0): the header changes nothing.
    expect((await signIn(someone.email, PASSWORD, { 'x-forwarded-for': '203.0.113.9' })).state?.error).toBe('throttled');
    await atelier.sql!.query(`DELETE FROM "SignInThrottle"`);
  });

  test('an unknown email costs the same time as a known one (within 20 %)', { tag: '@timing' }, async () => {
    test.setTimeout(120_000);
    const known = await signUp(atelier, 'Kim Known');
    const time = async (email: string) => {
      await atelier.sql!.query(`DELETE FROM "SignInThrottle"`);
      const start = performance.now();
      const { state } = await signIn(email, 'not-the-password');
      expect(state?.error).toBe('invalidCredentials');
      return performance.now() - start;
    };
    // Paired, each pair back to back (its order alternating), so that a load that comes and goes
    // (other specs run beside this one) weighs on both sides of a pair alike: the median of the pairs'
    // ratios is the figure. Skipping the hash for an unknown email would make it 10× or more.
    const ratios: number[] = [];
    for (let i = 0; i < 15; i++) {
      const unknown = `unknown-${i}@security.test`;
      const [k, u] = i % 2 ? [await time(known.email), await time(unknown)] : [await time(unknown), await time(known.email)].reverse();
      ratios.push(k / u);
    }
    const ratio = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    expect(Math.abs(1 - ratio), `known / unknown: ${ratio.toFixed(2)} (pairs: ${ratios.map((r) => r.toFixed(2)).join(' ')})`).toBeLessThan(0.2);
  });
});

test.describe('a team never loses its last owner', () => {
  test('two owners demoting, then removing, each other at once, 20 times', async () => {
    test.setTimeout(180_000);
    const a = await signUp(atelier, 'Ann Owner');
    const b = await signUp(atelier, 'Ben Owner');
    await a.createTeam('Two owners');
    const { rows: teams } = await atelier.sql!.query(
      `SELECT t.id FROM "Team" t JOIN "Membership" m ON m."teamId" = t.id JOIN "User" u ON u.id = m."userId" WHERE u.email = $1 AND t.name = 'Two owners'`,
      [a.email],
    );
    const teamId = teams[0].id as string;
    const membership = async (session: Session) =>
      (
        await atelier.sql!.query(`SELECT m.id FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1 AND m."teamId" = $2`, [
          session.email,
          teamId,
        ])
      ).rows[0]?.id as string | undefined;
    const owners = async () =>
      Number((await atelier.sql!.query(`SELECT count(*) FROM "Membership" WHERE "teamId" = $1 AND role = 'owner'`, [teamId])).rows[0].count);
    const makeBothOwners = async () => {
      if (!(await membership(b))) {
        const { token } = await a.act<{ token: string }>('createInviteLink', { role: 'owner' }, '/settings/team');
        await b.act('acceptInviteAction', { token }, `/invite/${token}`);
      }
      if (!(await membership(a))) {
        const { token } = await b.act<{ token: string }>('createInviteLink', { role: 'owner' }, '/settings/team');
        await a.act('acceptInviteAction', { token }, `/invite/${token}`);
      }
      await atelier.sql!.query(`UPDATE "Membership" SET role = 'owner' WHERE "teamId" = $1`, [teamId]);
      // Each acts on this team (the cookie the invite acceptance set).
      await a.act('switchTeam', { teamId }, '/settings');
      await b.act('switchTeam', { teamId }, '/settings');
    };

    for (let round = 0; round < 20; round++) {
      await makeBothOwners();
      const [ma, mb] = [(await membership(a))!, (await membership(b))!];
      const remove = round % 2 === 1;
      const results = await Promise.all([
        remove
          ? a.action('removeTeamMember', { membershipId: mb }, '/settings/team')
          : a.action('changeMemberRole', { membershipId: mb, role: 'member' }, '/settings/team'),
        remove
          ? b.action('removeTeamMember', { membershipId: ma }, '/settings/team')
          : b.action('changeMemberRole', { membershipId: ma, role: 'member' }, '/settings/team'),
      ]);
      expect(await owners(), `round ${round}: ${JSON.stringify(results.map((r) => r.result))}`).toBeGreaterThanOrEqual(1);
      expect(results.filter((r) => r.result?.ok).length, `round ${round}`).toBe(1);
    }
  });
});

test.describe("a team's settings change only for its owners and admins", () => {
  test("a member's forged calls to Settings → Team are refused and change nothing; once an admin, the same call goes through", async () => {
    const owner = await signUp(atelier, 'Oona Owner');
    const member = await signUp(atelier, 'Max Member');
    await owner.createTeam('Guarded settings');
    const { token } = await owner.act<{ token: string }>('createInviteLink', { role: 'member' }, '/settings/team');
    await member.act('acceptInviteAction', { token }, `/invite/${token}`);
    const team = async () =>
      (
        await atelier.sql!.query(
          `SELECT t.name, t."maskGuard", m.id AS "membershipId" FROM "Team" t JOIN "Membership" m ON m."teamId" = t.id JOIN "User" u ON u.id = m."userId"
           WHERE u.email = $1 AND m.role <> 'owner'`,
          [member.email],
        )
      ).rows[0] as { name: string; maskGuard: boolean; membershipId: string };
    expect(await team()).toMatchObject({ name: 'Guarded settings', maskGuard: true });

    // The member's session posts the admins' actions by hand, as a script would: refused by role.
    const guard = await member.action('setMaskGuardAction', { on: false }, '/settings/team');
    expect(guard.result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const rename = await member.action('renameTeamAction', { name: 'Taken over' }, '/settings/team');
    expect(rename.result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await team()).toMatchObject({ name: 'Guarded settings', maskGuard: true });

    // Made an admin, the same person may; a value that is not a switch's is refused by the schema.
    await owner.act('changeMemberRole', { membershipId: (await team()).membershipId, role: 'admin' }, '/settings/team');
    expect((await member.action('setMaskGuardAction', { on: 'off' }, '/settings/team')).result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    await member.act('setMaskGuardAction', { on: false }, '/settings/team');
    expect(await team()).toMatchObject({ name: 'Guarded settings', maskGuard: false });
  });
});
