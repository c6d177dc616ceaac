import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TeamContext } from '../auth/context';
import type { ModelInfo } from '../upstream';
import { upstreamFor } from './upstream-for';

const TTL_MS = 60_000;
const cache = new Map<string, { at: number; models: ModelInfo[] }>();

/** The app's own list, used when the service offers no model list (decisions.md row 10). */
function configuredModels(): ModelInfo[] {
  const file = path.join(process.cwd(), 'config', 'models.json');
  return JSON.parse(readFileSync(/*turbopackIgnore: true*/ file, 'utf8')) as ModelInfo[];
}

/** The service's models for this caller (cached a minute per team), else the configured list. */
export async function serviceModels(ctx: TeamContext): Promise<ModelInfo[]> {
  const hit = cache.get(ctx.team.id);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.models;
  let models: ModelInfo[] | null = null;
  try {
    models = await (await upstreamFor(ctx)).listModels();
  } catch (error) {
    console.warn('[models] model list unavailable, using the configured list:', (error as Error).message);
  }
  const list = models ?? configuredModels();
  cache.set(ctx.team.id, { at: Date.now(), models: list });
  return list;
}
