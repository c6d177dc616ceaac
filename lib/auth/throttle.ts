import { createHash } from 'node:crypto';
import { db } from '../runtime';

// Sign-in throttling in the database, so it holds across replicas: exponential backoff per account
// and per client address. Attempts made while one waits are refused without being checked and do
// not lengthen the wait; the wait never exceeds 5 minutes, and a browser that has signed in to the
// account before skips the account's wait (device.ts), so an attacker cannot keep its owner out.

const RULES = {
  /** Free failures, then 1 s, 2 s, 4 s ... up to 5 minutes. */
  account: { free: 5, maxWaitS: 300 },
  /** An office behind one address shares it: more room before it slows. */
  ip: { free: 20, maxWaitS: 300 },
} as const;
/** Failures further apart than this start the count again. */
const FORGET_S = 15 * 60;

type Scope = keyof typeof RULES;

export const accountKey = (email: string) => `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
export const addressKey = (ip: string) => `ip:${ip}`;

export interface Attempt {
  ip: string;
  /** The account tried; none for a sign-up, which only the address is throttled for. */
  email?: string;
  /** This browser signed in to this account before (device cookie): the account's wait does not apply. */
  knownDevice?: boolean;
}

function keysOf({ email, ip, knownDevice }: Attempt): Array<{ key: string; scope: Scope }> {
  return [...(email && !knownDevice ? [{ key: accountKey(email), scope: 'account' as const }] : []), { key: addressKey(ip), scope: 'ip' as const }];
}

/** Seconds to wait before this attempt may be checked; 0 when it may go ahead. */
export async function secondsToWait(attempt: Attempt): Promise<number> {
  const prisma = await db();
  const keys = keysOf(attempt).map((k) => k.key);
  const [row] = await prisma.$queryRaw<Array<{ wait: number | null }>>`
    SELECT ceil(extract(epoch FROM max("blockedUntil") - (now() AT TIME ZONE 'UTC')))::int AS wait
    FROM "SignInThrottle" WHERE key = ANY(${keys}) AND "blockedUntil" > (now() AT TIME ZONE 'UTC')`;
  return Math.max(0, row?.wait ?? 0);
}

/** A wrong password (or an unknown email): counts against the account and the address. */
export async function recordFailure(attempt: Pick<Attempt, 'email' | 'ip'>): Promise<void> {
  const prisma = await db();
  for (const { key, scope } of keysOf(attempt)) {
    const { free, maxWaitS } = RULES[scope];
    await prisma.$executeRaw`
      INSERT INTO "SignInThrottle" AS t (key, failures, "lastFailure", "blockedUntil")
      VALUES (${key}, 1, now() AT TIME ZONE 'UTC', NULL)
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN t."lastFailure" < (now() AT TIME ZONE 'UTC') - ${FORGET_S}::int * interval '1 second' THEN 1 ELSE t.failures + 1 END,
        "lastFailure" = now() AT TIME ZONE 'UTC',
        "blockedUntil" = CASE
          WHEN t."lastFailure" < (now() AT TIME ZONE 'UTC') - ${FORGET_S}::int * interval '1 second' OR t.failures + 1 <= ${free}::int THEN NULL
          ELSE (now() AT TIME ZONE 'UTC') + make_interval(secs => least(${maxWaitS}::float8, power(2::float8, least(t.failures - ${free}::int, 30))))
        END`;
  }
}

/** The right password: the account starts afresh (the address keeps its count: one good account must not launder guesses). */
export async function recordSuccess(email: string): Promise<void> {
  const prisma = await db();
  await prisma.signInThrottle.deleteMany({ where: { key: accountKey(email) } });
}
