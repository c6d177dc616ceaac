import type { EditModel } from '@/lib/edits/edit-models';
import { EDIT_KINDS, kindRefusal, type EditKind } from '@/lib/edits/kinds';
import { format, type Dictionary } from '@/lib/i18n';

/** A model as the studio names it: with who runs it, when that is a provider ("flux-fill (fal)"). */
export const modelName = (model: EditModel): string => (model.provider ? `${model.id} (${model.provider})` : model.id);

/** Why `model` cannot do `kind`, in words; null when it can (or the service does not say). */
export function refusalText(model: EditModel, kind: EditKind, t: Dictionary['edit']): string | null {
  const why = kindRefusal(model, kind);
  return why ? format(t.kinds.refused[why], { model: modelName(model) }) : null;
}

/** The kinds the chosen model(s) cannot do, each with the reason in words: the first model that refuses it. */
export function kindRefusals(models: EditModel[], chosen: string[], t: Dictionary['edit']): Partial<Record<EditKind, string>> {
  const refusals: Partial<Record<EditKind, string>> = {};
  const picked = chosen.flatMap((id) => models.filter((m) => m.id === id));
  for (const kind of EDIT_KINDS) {
    const reason = picked.map((model) => refusalText(model, kind, t)).find(Boolean);
    if (reason) refusals[kind] = reason;
  }
  return refusals;
}
