import type { SharedCollection } from './shared-collection';
import type { SharedResult } from './shared-result';

/** What a link shows beside each picture (ShareLink.showPrompt, showModel, showSize). */
export interface ShareShow {
  prompt: boolean;
  model: boolean;
  size: boolean;
}

/**
 * The result as a link that hides its prompt or models may show it: those are taken out here, on
 * the server, so they are in neither the page nor its data. Sizes stay (a picture shows its own
 * size; the layout needs it): a hidden size is only not written out.
 */
export function hideResult(result: SharedResult, show: ShareShow): SharedResult {
  const prompt = show.prompt ? result.prompt : null;
  const models = show.model ? result.models : [];
  if (result.kind === 'comparison') {
    const columns = result.columns.map((c) => ({ ...c, model: show.model ? c.model : null, revisedPrompt: show.prompt ? c.revisedPrompt : null }));
    return { ...result, prompt, models, columns };
  }
  if (result.kind === 'edit') {
    const results = result.results.map((r) => ({ ...r, model: show.model ? r.model : null }));
    return { ...result, prompt, models, results, revisedPrompt: show.prompt ? result.revisedPrompt : null };
  }
  return { ...result, prompt, models };
}

/** The collection as a link that hides prompts or models may show it (its name always shows). */
export function hideCollection(collection: SharedCollection, show: ShareShow): SharedCollection {
  const items = collection.items.map((item) => ({ ...item, prompt: show.prompt ? item.prompt : null, model: show.model ? item.model : null }));
  return { ...collection, items };
}
