import { z } from 'zod';
import { csvCell } from '../csv';
import type { Prisma } from '../db/generated/client';
import { db } from '../runtime';

// Dashboard → Requests: the team's calls to the service, newest first.

/** Whose calls: a team's, or one member's in it (members see only their own). */
export interface LogScope {
  teamId: string;
  userId?: string;
}

export const OPERATIONS = ['images.edits', 'images.generations', 'videos.generations', 'videos.status', 'models'] as const;

/** How a call ended. A cancel (the member stopped it: status 0, code `cancelled`) is no failure. */
export const OUTCOMES = ['ok', 'failed', 'cancelled'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const CANCELLED = 'cancelled';

export function outcomeOf(call: { status: number; errorCode: string | null }): Outcome {
  if (call.status === 0 && call.errorCode === CANCELLED) return 'cancelled';
  return call.status >= 200 && call.status < 300 && !call.errorCode ? 'ok' : 'failed';
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const requestFiltersSchema = z.object({
  operation: optional(z.enum(OPERATIONS)),
  /** `studio`, or an API key's id. */
  source: optional(z.union([z.literal('studio'), z.uuid()])),
  outcome: optional(z.enum(OUTCOMES)),
  /** Whose calls: absent, the members' and keys' only; `system`, only the system's (jobs, the server's own); `all`, both. */
  origin: optional(z.enum(['system', 'all'])),
});
export type RequestFilters = z.infer<typeof requestFiltersSchema>;

export interface RequestRow {
  id: string;
  createdAt: Date;
  /** A system call: no member's request made it. */
  system: boolean;
  member: string | null;
  source: string | null;
  operation: string;
  models: string[];
  status: number;
  upstreamMs: number;
  /** Atelier's own time: the request's whole time less the service's (null outside a request). */
  ownMs: number | null;
  cost: string | null;
  errorCode: string | null;
  outcome: Outcome;
}

const OK = { status: { gte: 200, lt: 300 }, errorCode: null } satisfies Prisma.RequestLogWhereInput;
const CANCEL = { status: 0, errorCode: CANCELLED } satisfies Prisma.RequestLogWhereInput;
const OUTCOME_WHERE: Record<Outcome, Prisma.RequestLogWhereInput> = { ok: OK, cancelled: CANCEL, failed: { NOT: [OK, CANCEL] } };

function where(scope: LogScope, f: RequestFilters): Prisma.RequestLogWhereInput {
  return {
    teamId: scope.teamId,
    ...(scope.userId ? { userId: scope.userId } : {}),
    ...(f.operation ? { operation: f.operation } : {}),
    ...(f.source === 'studio' ? { apiKeyId: null } : f.source ? { apiKeyId: f.source } : {}),
    ...(f.outcome ? OUTCOME_WHERE[f.outcome] : {}),
    ...(f.origin === 'all' ? {} : { system: f.origin === 'system' }),
  };
}

/** The newest `take` calls the filters select, with names for members and keys. */
export async function listRequests(scope: LogScope, filters: RequestFilters, take = 200): Promise<RequestRow[]> {
  const prisma = await db();
  const rows = await prisma.requestLog.findMany({ where: where(scope, filters), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take });
  const [users, keys] = await Promise.all([
    prisma.user.findMany({ where: { id: { in: [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))] } }, select: { id: true, name: true } }),
    prisma.apiKey.findMany({
      where: { teamId: scope.teamId, id: { in: [...new Set(rows.flatMap((r) => (r.apiKeyId ? [r.apiKeyId] : [])))] } },
      select: { id: true, name: true },
    }),
  ]);
  const userName = new Map(users.map((u) => [u.id, u.name]));
  const keyName = new Map(keys.map((k) => [k.id, k.name]));
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    system: r.system,
    member: r.userId ? (userName.get(r.userId) ?? null) : null,
    source: r.apiKeyId ? (keyName.get(r.apiKeyId) ?? null) : null,
    operation: r.operation,
    models: r.models,
    status: r.status,
    upstreamMs: r.upstreamMs,
    ownMs: r.totalMs === null ? null : Math.max(0, r.totalMs - r.upstreamMs),
    cost: r.cost?.toString() ?? null,
    errorCode: r.errorCode,
    outcome: outcomeOf(r),
  }));
}

const HEADER = ['time', 'member', 'key', 'operation', 'models', 'status', 'outcome', 'upstream_ms', 'atelier_ms', 'cost', 'currency', 'error'];

/** The filtered log as CSV (the newest 10,000 calls), UTF-8 with a BOM for spreadsheets. */
export async function requestsCsv(scope: LogScope, filters: RequestFilters): Promise<string> {
  const rows = await listRequests(scope, filters, 10_000);
  const lines = rows.map((r) =>
    [
      r.createdAt.toISOString(),
      r.system ? 'system' : (r.member ?? ''),
      r.system ? '' : (r.source ?? 'studio'),
      r.operation,
      r.models.join(' '),
      String(r.status),
      r.outcome,
      String(r.upstreamMs),
      r.ownMs === null ? '' : String(r.ownMs),
      r.cost ?? '',
      r.cost ? 'CNY' : '',
      r.errorCode ?? '',
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
