import { db } from '../runtime';
import { isPreviewBot } from './bots';
import { hashShareToken, isShareToken } from './token';

/**
 * Counts one view of a live link by a person (a link-preview bot is not counted): one UPDATE that
 * adds one in the database, so views arriving together on any replica are each counted, and a
 * revoked or expired link counts nothing.
 */
export async function countShareView(token: string, userAgent: string | null): Promise<void> {
  if (!isShareToken(token) || isPreviewBot(userAgent)) return;
  const prisma = await db();
  // The time is ours, not the database's now(): Prisma's timestamps are UTC without a zone.
  const now = new Date();
  await prisma.$executeRaw`
    UPDATE "ShareLink" SET "views" = "views" + 1, "lastViewedAt" = ${now}
    WHERE "tokenHash" = ${hashShareToken(token)} AND "revokedAt" IS NULL AND ("expiresAt" IS NULL OR "expiresAt" > ${now})`;
}
