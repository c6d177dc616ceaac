import type { Prisma } from '../db/generated/client';
import { log } from '../observability/log';
import { db } from '../runtime';

/** How long a session cookie lives (next-auth's JWT maxAge too). */
export const SESSION_MAX_AGE_S = 30 * 24 * 3600;

/** What the session JWT carries besides the user: its own id and the user's session version then. */
export interface SessionClaims {
  sid: string;
  sv: number;
}

/** A new session for a sign-in; the user's expired and revoked ones are cleared on the way. */
export async function openSession(userId: string): Promise<SessionClaims> {
  const prisma = await db();
  const cutoff = new Date(Date.now() - SESSION_MAX_AGE_S * 1000);
  return prisma.$transaction(async (tx) => {
    await tx.userSession.deleteMany({ where: { userId, OR: [{ createdAt: { lt: cutoff } }, { revokedAt: { not: null } }] } });
    const [session, user] = await Promise.all([
      tx.userSession.create({ data: { userId, lastSeenAt: new Date() } }),
      tx.user.findUniqueOrThrow({ where: { id: userId }, select: { sessionVersion: true } }),
    ]);
    return { sid: session.id, sv: user.sessionVersion };
  });
}

/** Signing out: this session's cookie stops working everywhere it was copied to. */
export async function revokeSession(sid: string): Promise<void> {
  const prisma = await db();
  await prisma.userSession.updateMany({ where: { id: sid, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** A password change: every session of the user ends (a new one is opened for the browser that changed it). */
export async function revokeAllSessions(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
  await tx.userSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/**
 * The condition a user row must meet for a session to be live, for the one query that reads the
 * user on every request (no extra round trip): same session version, session not revoked.
 */
export function liveSession(claims: SessionClaims): Prisma.UserWhereInput {
  return { sessionVersion: claims.sv, sessions: { some: { id: claims.sid, revokedAt: null } } };
}

/**
 * The user of a session cookie's claims, read with its liveness in one query: null once the session
 * is signed out (by the app or next-auth's route), outdated by a password change, or the user is gone.
 */
export async function liveSessionUser(token: { sub?: string; sid?: unknown; sv?: unknown }): Promise<{ id: string; email: string; name: string } | null> {
  // A cookie without a session id (issued before sessions were tracked) counts as signed out.
  if (!token.sub || typeof token.sid !== 'string' || typeof token.sv !== 'number') return null;
  const prisma = await db();
  const user = await prisma.user.findFirst({
    where: { id: token.sub, ...liveSession({ sid: token.sid, sv: token.sv }) },
    select: { id: true, email: true, name: true },
  });
  if (user) noteSeen(token.sid);
  return user;
}

/** When this process last wrote each session's lastSeenAt: at most once a minute, off the answer's path. */
const seen = new Map<string, number>();

/**
 * Notes that a session was used (the inbox emails members who have had no active session for 15
 * minutes). Written at most once a minute per session and process, and by the row's own time across
 * replicas, after the answer's query: a page that polls keeps its member present.
 */
function noteSeen(sid: string): void {
  const now = Date.now();
  if (now - (seen.get(sid) ?? 0) < 60_000) return;
  seen.set(sid, now);
  if (seen.size > 10_000) seen.clear();
  void db()
    .then(
      (prisma) =>
        prisma.$executeRaw`UPDATE "UserSession" SET "lastSeenAt" = now() WHERE id = ${sid}::uuid AND ("lastSeenAt" IS NULL OR "lastSeenAt" < now() - interval '1 minute')`,
    )
    .catch((error: unknown) => log().warn({ err: error }, 'sessions: could not note a session as seen'));
}
