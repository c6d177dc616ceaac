import { Prisma } from '../db/generated/client';
import type { GenerationKind } from '../db/generated/enums';

type Tx = Pick<Prisma.TransactionClient, 'ledgerEntry'>;

export interface CostLine {
  teamId: string;
  userId: string;
  generationId: string;
  kind: GenerationKind;
  model: string;
  /** As the service reported it: a decimal string in CNY, stored exactly. */
  amount: string;
}

/**
 * Writes what the service charged, one line per model, inside the caller's transaction, and
 * releases what was reserved for the generation: the reported cost replaces the estimate.
 */
export async function settleCosts(tx: Tx, generationId: string, lines: CostLine[]): Promise<void> {
  await releaseReservations(tx, generationId);
  const billable = lines.filter((l) => new Prisma.Decimal(l.amount).greaterThan(0));
  if (billable.length === 0) return;
  await tx.ledgerEntry.createMany({
    data: billable.map((l) => ({ ...l, amount: new Prisma.Decimal(l.amount), currency: 'CNY', status: 'settled' as const })),
  });
}

/** Gives back a generation's reservation: it failed or was cancelled before anything was charged. */
export async function releaseReservations(tx: Tx, generationId: string): Promise<void> {
  await tx.ledgerEntry.updateMany({ where: { generationId, status: 'reserved' }, data: { status: 'released' } });
}
