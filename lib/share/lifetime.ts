/** How long a new link lives; safe to import in the browser (the share dialog offers these). */
export const SHARE_EXPIRIES = ['never', '1d', '7d', '30d'] as const;
export type ShareExpiry = (typeof SHARE_EXPIRIES)[number];

const DAYS: Record<Exclude<ShareExpiry, 'never'>, number> = { '1d': 1, '7d': 7, '30d': 30 };

export function expiresAtFor(expiry: ShareExpiry, now = new Date()): Date | null {
  return expiry === 'never' ? null : new Date(now.getTime() + DAYS[expiry] * 86_400_000);
}

export type ShareState = 'active' | 'expired' | 'revoked';

/** Revocation wins over expiry (lib/generations/visibility.ts's `activeShareLink` is the database's form): a revoked link says so even after its date has passed. */
export function shareState(link: { expiresAt: Date | null; revokedAt: Date | null }, now = new Date()): ShareState {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}
