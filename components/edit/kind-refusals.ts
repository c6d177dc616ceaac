import type { EditModel } from '@/lib/edits/edit-models';
import { EDIT_KINDS, kindRefusal, type EditKind } from '@/lib/edits/kinds';
import { format, type Dictionary } from '@/lib/i18n';

/** A model as the studio names it: with who runs it, when that is a provider ("flux-fill (fal)"). */
export const modelName = (model: EditModel): string => (model.provider ? `${model.id} (${model.provider})` : model.id);

/** The kinds the chosen model(s) cannot do, each with the reason in words: the first model that refuses it. */
export function kindRefusals(models: EditModel[], chosen: string[], t: Dictionary['edit']): Partial<Record<EditKind, string>> {
  const refusals: Partial<Record<EditKind, string>> = {};
  for (const kind of EDIT_KINDS) {
    for (const id of chosen) {
      const model = models.find((m) => m.id === id);
      const why = kindRefusal(model, kind);
      if (model && why) {
        refusals[kind] = format(t.kinds.refused[why], { model: modelName(model) });
        break;
      }
    }
  }
  return refusals;
}
