import type { TeamContext } from '../auth/context';
import type { KeyOwner } from '../keys/service-keys';
import { atLeast, type Role } from '../auth/roles';
import { AppError } from '../errors';
import { Prisma } from '../db/generated/client';
import { db, hotQuery } from '../runtime';
import { apiKeyPrefix, matchesHash } from './token';
import { log } from '../observability/log';

/** The key a request came with, as the gateway enforces it. */
export interface ApiKeyInUse {
  id: string;
  name: string;
  rpm: number | null;
  /** Models it may use; empty: any. */
  models: string[];
  monthlyBudget: string | null;
}

/** Who an API call acts as: the key's member in the key's team (with the service key the studio would use for them), and the key itself. */
export interface ApiCaller {
  ctx: TeamContext & Required<Pick<KeyOwner, 'serviceKey'>>;
  key: ApiKeyInUse;
}

interface KeyRow {
  id: string;
  name: string;
  secretHash: string;
  rpm: number | null;
  models: string[];
  monthlyBudget: string | null;
  live: boolean;
  teamId: string;
  teamName: string;
  personal: boolean;
  timeZone: string;
  pricesRaisedAt: Date | null;
  userId: string;
  email: string;
  userName: string;
  role: Role | null;
  makerRole: Role | null;
  sealedKey: string | null;
  ownKey: boolean;
}

/** When this process last noted each key as used: the row is written at most once a minute. */
const noted = new Map<string, number>();

/** Notes a key's last use off the answer's path, at most once a minute (per process here, across replicas by the row's own time). */
function noteUsed(keyId: string): void {
  const now = Date.now();
  if (now - (noted.get(keyId) ?? 0) < 60_000) return;
  noted.set(keyId, now);
  void db()
    .then(
      (prisma) =>
        prisma.$executeRaw`UPDATE "ApiKey" SET "lastUsedAt" = now() WHERE id = ${keyId}::uuid AND ("lastUsedAt" IS NULL OR "lastUsedAt" < now() - interval '1 minute')`,
    )
    .catch((error: unknown) => log().warn({ err: error }, 'api: could not note a key as used'));
}

const refused = (message: string) => new AppError('unauthenticated', message, { reason: 'keyInvalid' });

/**
 * The caller behind `Authorization: Bearer atl_…`, in one statement: the key, its team, its member,
 * their membership and its maker's now, and the service key the studio would use for them. A key that is unknown, revoked or
 * expired, or whose member has left the team, is refused (401) the moment that happens, and one whose maker has left or now
 * holds a lower role than its member is refused (403): nothing is cached.
 */
export async function apiCaller(request: Request): Promise<ApiCaller> {
  const header = request.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) throw new AppError('unauthenticated', 'Send an Atelier API key: Authorization: Bearer atl_…', { reason: 'keyMissing' });
  const prefix = apiKeyPrefix(token);
  if (!prefix) throw refused('That is not an Atelier API key.');
  const [row] = await hotQuery<KeyRow>(
    'api-key.caller',
    Prisma.sql`
    SELECT k.id::text, k.name, k."secretHash", k.rpm, k.models, k."monthlyBudget"::text AS "monthlyBudget",
           (k."revokedAt" IS NULL AND (k."expiresAt" IS NULL OR k."expiresAt" > now())) AS live,
           t.id::text AS "teamId", t.name AS "teamName", t.personal, t."timeZone", t."pricesRaisedAt",
           u.id::text AS "userId", u.email, u.name AS "userName", m.role, maker.role AS "makerRole",
           coalesce(own."sealedKey", shared."sealedKey") AS "sealedKey", own.id IS NOT NULL AS "ownKey"
    FROM "ApiKey" k
    JOIN "Team" t ON t.id = k."teamId"
    JOIN "User" u ON u.id = k."userId"
    LEFT JOIN "Membership" m ON m."teamId" = k."teamId" AND m."userId" = k."userId"
    LEFT JOIN "Membership" maker ON maker."teamId" = k."teamId" AND maker."userId" = k."createdById"
    LEFT JOIN "ServiceCredential" own ON own."userId" = k."userId"
    LEFT JOIN "ServiceCredential" shared ON shared."teamId" = k."teamId"
    WHERE k.prefix = ${prefix}`,
  );
  if (!row || !matchesHash(token, row.secretHash)) throw refused('That API key is not valid.');
  if (!row.live) throw refused('That API key has been revoked or has expired.');
  if (!row.role) throw refused('The member this key acts as is no longer in the team.');
  if (!row.makerRole || !atLeast(row.makerRole, row.role)) {
    throw new AppError('forbidden', 'The member who made this key has left the team or now holds a lower role than the member it acts as.', {
      reason: 'keyMakerRole',
    });
  }
  noteUsed(row.id);
  const team = { id: row.teamId, name: row.teamName, personal: row.personal, timeZone: row.timeZone, pricesRaisedAt: row.pricesRaisedAt };
  const ctx: ApiCaller['ctx'] = {
    user: { id: row.userId, email: row.email, name: row.userName },
    team,
    role: row.role,
    teams: [{ ...team, role: row.role }],
    apiKey: { id: row.id, monthlyBudget: row.monthlyBudget },
    serviceKey: row.sealedKey ? { sealedKey: row.sealedKey, owner: row.ownKey ? 'user' : 'team' } : null,
  };
  return { ctx, key: { id: row.id, name: row.name, rpm: row.rpm, models: row.models, monthlyBudget: row.monthlyBudget } };
}
