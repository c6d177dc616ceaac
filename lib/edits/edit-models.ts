import type { TeamContext } from '../auth/context';
import { serviceModels } from '../pricing/catalog';

export interface EditModel {
  id: string;
  description?: string;
  /** The higher-quality variant (the interface: "can be selected by model name"). */
  hd: boolean;
  /** The service's price table (`per_edit` tiers), for the studio's estimate (edit-estimate.ts). */
  price?: Record<string, unknown>;
}

const HD = /(^|[-_.])(hd|pro|hq|quality)([-_.]|$)|higher-quality/i;

/** The service's edit models, the standard one first: it is the default. */
export async function editModels(ctx: TeamContext): Promise<EditModel[]> {
  const models = (await serviceModels(ctx))
    .filter((m) => m.kind === 'edit')
    .map((m) => ({ id: m.id, description: m.description, hd: HD.test(m.id) || HD.test(m.description ?? ''), price: m.price }));
  return models.sort((a, b) => Number(a.hd) - Number(b.hd));
}
