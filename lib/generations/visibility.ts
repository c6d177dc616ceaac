// Who may see a result, as Prisma filters every query of results uses: a member in the team's views
// (not in the trash; lib/library/trash.ts moves results in and out), anyone holding a live link.

/** What every view of results reads: outputs not in the trash. */
export const LIVE = { deletedAt: null } as const;

/**
 * A generation (an edit, a video) whose results are in the trash is gone from its lists and pages;
 * an edit run of several stays while one of its results is live.
 */
export const GENERATION_IN_VIEW = { NOT: { outputs: { some: { deletedAt: { not: null } }, none: { deletedAt: null } } } } as const;

/** A share link that opens (lib/share/lifetime.ts's `shareState` is 'active'): not revoked, not past its date. */
export const activeShareLink = (now = new Date()) => ({ revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] });
