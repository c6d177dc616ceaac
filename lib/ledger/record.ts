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

/** Writes what the service charged, one line per model, inside the caller's transaction. */
export async function recordCosts(tx: Tx, lines: CostLine[]): Promise<void> {
  const billable = lines.filter((l) => new Prisma.Decimal(l.amount).greaterThan(0));
  if (billable.length === 0) return;
  await tx.ledgerEntry.createMany({
    data: billable.map((l) => ({ ...l, amount: new Prisma.Decimal(l.amount), currency: 'CNY', status: 'settled' })),
  });
}
