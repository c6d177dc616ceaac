import type { TeamContext } from '../auth/context';
import type { GenerationKind } from '../db/generated/enums';
import { db } from '../runtime';

export interface ObservedCharge {
  model: string;
  /** As settled: what the service reported. */
  amount: string;
  /** The generation's params (size, n, duration, ...): which request the charge was for. */
  params: unknown;
}

/**
 * What the service recently charged this team for these models, newest first. An estimate may be
 * raised to what was really charged for the same request, never lowered by it.
 */
export async function recentCharges(ctx: Pick<TeamContext, 'team'>, kind: GenerationKind, models: string[], take = 200): Promise<ObservedCharge[]> {
  if (models.length === 0) return [];
  const prisma = await db();
  const lines = await prisma.ledgerEntry.findMany({
    where: { teamId: ctx.team.id, kind, model: { in: models }, status: 'settled', generationId: { not: null } },
    orderBy: { occurredAt: 'desc' },
    take,
    select: { model: true, amount: true, generation: { select: { params: true } } },
  });
  return lines.map((line) => ({ model: line.model, amount: line.amount.toString(), params: line.generation?.params }));
}
