import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { serviceModels } from '../generations/models';
import { db } from '../runtime';
import type { ModelInfo } from '../upstream';

const perEditSchema = z.object({ per_edit: z.record(z.string(), z.union([z.number(), z.string()])) });

/**
 * The list price of one edit whose output is `size` ("WxH"), when the service publishes one:
 * tiers named by the longest side they cover ({"1024": 0.1, "2048": 0.15, ...}); beyond the
 * largest tier, the largest price. Null when the model lists no such price.
 */
export function editListPrice(model: ModelInfo | undefined, size: string): string | null {
  const parsed = perEditSchema.safeParse(model?.price);
  if (!parsed.success) return null;
  const longest = Math.max(...size.split('x').map(Number));
  const tiers = Object.entries(parsed.data.per_edit)
    .map(([bound, price]) => ({ bound: Number(bound), price: String(price) }))
    .filter((t) => Number.isFinite(t.bound) && /^\d+(\.\d+)?$/.test(t.price))
    .sort((a, b) => a.bound - b.bound);
  if (tiers.length === 0) return null;
  return (tiers.find((t) => longest <= t.bound) ?? tiers[tiers.length - 1]).price;
}

/** What one edit is expected to cost: the list price, else the team's last charge for that model, else 0. */
export async function priceEdit(ctx: TeamContext, model: string | undefined, size: string): Promise<string> {
  const info = (await serviceModels(ctx)).find((m) => m.kind === 'edit' && m.id === model);
  const listed = editListPrice(info, size);
  if (listed !== null || !model) return listed ?? '0';
  const prisma = await db();
  const last = await prisma.ledgerEntry.findFirst({
    where: { teamId: ctx.team.id, kind: 'edit', model, status: 'settled' },
    orderBy: { occurredAt: 'desc' },
    select: { amount: true },
  });
  return last?.amount.toString() ?? '0';
}
