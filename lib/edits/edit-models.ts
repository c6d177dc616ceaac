import type { TeamContext } from '../auth/context';
import { serviceModels } from '../pricing/catalog';
import { EDIT_KINDS, type EditKind } from './kinds';

const isEditKind = (kind: string): kind is EditKind => (EDIT_KINDS as readonly string[]).includes(kind);

export interface EditModel {
  id: string;
  description?: string;
  /** The higher-quality variant (the interface: "can be selected by model name"). */
  hd: boolean;
  /** The service's price table (`per_edit` tiers), for the studio's estimate (edit-estimate.ts). */
  price?: Record<string, unknown>;
  /** Who runs it ("OpenAI"); absent for the reference engines and for a service that does not say. */
  provider?: string;
  /** The kinds it does and whether it takes a mask, when the service says (else: every kind, a mask). */
  kinds?: EditKind[];
  takesMask?: boolean;
}

const HD = /(^|[-_.])(hd|pro|hq|quality)([-_.]|$)|higher-quality/i;

/** The service's edit models, the standard one first: it is the default. */
export async function editModels(ctx: TeamContext): Promise<EditModel[]> {
  const models = (await serviceModels(ctx))
    .filter((m) => m.kind === 'edit')
    .map((m) => ({
      id: m.id,
      description: m.description,
      hd: HD.test(m.id) || HD.test(m.description ?? ''),
      price: m.price,
      ...(m.provider && m.provider.id !== 'local' ? { provider: m.provider.name } : {}),
      ...(m.can?.editKinds ? { kinds: m.can.editKinds.filter(isEditKind) } : {}),
      ...(m.can?.mask !== undefined ? { takesMask: m.can.mask } : {}),
    }));
  return models.sort((a, b) => Number(a.hd) - Number(b.hd));
}
