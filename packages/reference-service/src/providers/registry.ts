// Which catalog models run at a provider: `SERVICE_PROVIDERS_FILE` lists them with their prices (as
// LiteLLM's config does), the environment holds the operator's keys (never the file). A model with
// no price, or whose provider has no key, is not offered. With no file, nothing changes.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { EDIT_KINDS } from '../engines/edit/edit-kind';
import { dashscope } from './dashscope';
import { fal } from './fal';
import { google } from './google';
import { openai } from './openai';
import { replicate } from './replicate';
import { PROVIDERS, type ModelCapabilities, type ProviderAdapter, type ProviderDefinition, type ProviderId } from './types';

export const PROVIDER_DEFINITIONS: Record<ProviderId, ProviderDefinition> = { openai, dashscope, fal, replicate, google };

/** A catalog model's link to its provider: who runs it, as which model, able to do what. */
export interface ProviderBinding {
  provider: ProviderId;
  providerName: string;
  /** The provider's own model id. */
  model: string;
  capabilities: ModelCapabilities;
  adapter: ProviderAdapter;
}

const money = z.number().nonnegative();
const size = z.string().regex(/^\d{2,4}x\d{2,4}$/);
const capabilitiesSchema = z
  .object({
    sizes: z.array(size).min(1).nullable(),
    min_side: z.number().int().min(1).max(4096),
    max_side: z.number().int().min(64).max(4096),
    max_n: z.number().int().min(1).max(10),
    transparency: z.boolean(),
    seed: z.boolean(),
    mask: z.enum(['alpha', 'white', 'none']),
    edit_kinds: z.array(z.enum(EDIT_KINDS)).min(1),
  })
  .partial()
  .strict();

const entrySchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['image', 'edit']),
  provider: z.enum(PROVIDERS),
  /** The provider's model id; the entry's own id when absent. */
  provider_model: z.string().min(1).optional(),
  description: z.string().default(''),
  capabilities: capabilitiesSchema.optional(),
  /** Absent: the model is not offered (Atelier refuses unpriced models too). */
  price: z
    .union([z.object({ per_image: z.record(z.enum(['1024x1024', '2048x2048', '4096x4096']), money) }), z.object({ per_edit: z.record(z.string(), money) })])
    .optional(),
});

const fileSchema = z.object({
  providers: z
    .partialRecord(
      z.enum(PROVIDERS),
      z
        .object({
          base_url: z.url().optional(),
          key_env: z
            .string()
            .regex(/^[A-Z][A-Z0-9_]*$/)
            .optional(),
        })
        .strict(),
    )
    .default({}),
  models: z.array(entrySchema),
});

export type ProviderModelEntry = z.infer<typeof entrySchema> & { binding: ProviderBinding };

/** The capabilities a provider's model has by default, with the file's overrides. Unknown models must say them all. */
function capabilitiesOf(definition: ProviderDefinition, entry: z.infer<typeof entrySchema>, providerModel: string): ModelCapabilities {
  const known = Object.entries(definition.models).find(([key, m]) => m.kind === entry.kind && (m.model ?? key) === providerModel)?.[1];
  const o = entry.capabilities ?? {};
  const merged = {
    kind: entry.kind,
    sizes: o.sizes !== undefined ? o.sizes : known?.sizes,
    minSide: o.min_side ?? known?.minSide,
    maxSide: o.max_side ?? known?.maxSide,
    maxN: o.max_n ?? known?.maxN,
    transparency: o.transparency ?? known?.transparency ?? false,
    seed: o.seed ?? known?.seed ?? false,
    mask: entry.kind === 'edit' ? (o.mask ?? known?.mask) : undefined,
    editKinds: entry.kind === 'edit' ? (o.edit_kinds ?? known?.editKinds) : undefined,
  };
  const missing = [
    merged.sizes === undefined && 'sizes',
    merged.sizes === null && merged.maxSide === undefined && 'max_side',
    merged.maxN === undefined && 'max_n',
    entry.kind === 'edit' && merged.mask === undefined && 'mask',
    entry.kind === 'edit' && merged.editKinds === undefined && 'edit_kinds',
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new Error(`${entry.id}: ${definition.name} has no ${entry.kind} model "${providerModel}" built in; its capabilities must give ${missing.join(', ')}`);
  }
  return { ...merged, sizes: merged.sizes ?? null, maxN: merged.maxN! };
}

/** Reads the providers file against the environment: the models offered, each bound to its adapter. */
export function loadProviderModels(file: string, env: Record<string, string | undefined>, log: (line: string) => void = console.warn): ProviderModelEntry[] {
  const parsed = fileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const adapters = new Map<ProviderId, ProviderAdapter | null>();
  const adapterOf = (id: ProviderId) => {
    if (!adapters.has(id)) {
      const definition = PROVIDER_DEFINITIONS[id];
      const keyEnv = parsed.providers[id]?.key_env ?? definition.keyEnv;
      const apiKey = env[keyEnv];
      if (!apiKey) log(`[reference-service] ${definition.name}: no key in ${keyEnv}, so its models are not offered`);
      const baseUrl = (parsed.providers[id]?.base_url ?? definition.baseUrl).replace(/\/+$/, '');
      adapters.set(id, apiKey ? definition.adapter({ baseUrl, apiKey }) : null);
    }
    return adapters.get(id)!;
  };
  const offered: ProviderModelEntry[] = [];
  for (const entry of parsed.models) {
    const definition = PROVIDER_DEFINITIONS[entry.provider];
    const model = entry.provider_model ?? entry.id;
    const capabilities = capabilitiesOf(definition, entry, model);
    const priced = entry.kind === 'image' ? entry.price && 'per_image' in entry.price : entry.price && 'per_edit' in entry.price;
    if (!priced) {
      log(`[reference-service] ${entry.id}: no ${entry.kind === 'image' ? 'per_image' : 'per_edit'} price, so it is not offered`);
      continue;
    }
    const adapter = adapterOf(entry.provider);
    if (!adapter) continue;
    if (entry.kind === 'edit' && !adapter.edit) throw new Error(`${entry.id}: ${definition.name} has no edit models`);
    offered.push({ ...entry, binding: { provider: entry.provider, providerName: definition.name, model, capabilities, adapter } });
  }
  return offered;
}
