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
import { ASPECT_RATIOS, RESOLUTIONS } from '../requests';
import { ark } from './ark';
import { kling } from './kling';
import {
  PROVIDERS,
  type AnyAdapter,
  type ModelCapabilities,
  type ProviderAdapter,
  type ProviderDefinition,
  type ProviderId,
  type VideoAdapter,
  type VideoModelCapabilities,
} from './types';

export const PROVIDER_DEFINITIONS: Record<ProviderId, ProviderDefinition<AnyAdapter>> = { openai, dashscope, fal, replicate, google, ark, kling };

/** A catalog model's link to its provider: who runs it, as which model, able to do what. */
export interface ProviderBinding {
  provider: ProviderId;
  providerName: string;
  /** The provider's own model id. */
  model: string;
  capabilities: ModelCapabilities;
  adapter: ProviderAdapter;
}

/** A video model's link to its provider. */
export interface VideoBinding {
  provider: ProviderId;
  providerName: string;
  model: string;
  capabilities: VideoModelCapabilities;
  video: VideoAdapter;
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
    // Video models:
    durations: z.array(z.int().min(1).max(60)).min(1),
    default_duration: z.int().min(1).max(60),
    resolutions: z.array(z.enum(RESOLUTIONS)).min(1),
    aspect_ratios: z.array(z.enum(ASPECT_RATIOS)).min(1),
    audio: z.boolean(),
  })
  .partial()
  .strict();

const entrySchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['image', 'edit', 'video']),
  provider: z.enum(PROVIDERS),
  /** The provider's model id; the entry's own id when absent. */
  provider_model: z.string().min(1).optional(),
  description: z.string().default(''),
  capabilities: capabilitiesSchema.optional(),
  /** Absent: the model is not offered (Atelier refuses unpriced models too). */
  price: z
    .union([
      z.object({ per_image: z.record(z.enum(['1024x1024', '2048x2048', '4096x4096']), money) }),
      z.object({ per_edit: z.record(z.string(), money) }),
      z.object({
        /** Every resolution the model makes needs its price (a model with one missing is not offered). */
        per_second: z.partialRecord(z.enum(RESOLUTIONS), money),
        audio_per_second: money.default(0),
        /** Where the provider bills tokens (Ark): the settled cost is its reported total_tokens at this price. */
        per_million_tokens: money.optional(),
      }),
    ])
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
          /** For key pairs (Kling): the variable holding the secret half. */
          secret_env: z
            .string()
            .regex(/^[A-Z][A-Z0-9_]*$/)
            .optional(),
        })
        .strict(),
    )
    .default({}),
  models: z.array(entrySchema),
});

type Entry = z.infer<typeof entrySchema>;
export type ProviderModelEntry = Entry & ({ kind: 'image' | 'edit'; binding: ProviderBinding } | { kind: 'video'; binding: VideoBinding });

const knownModel = (definition: ProviderDefinition<AnyAdapter>, kind: Entry['kind'], providerModel: string) =>
  Object.entries(definition.models).find(([key, m]) => m.kind === kind && (m.model ?? key) === providerModel)?.[1];

/** A video model's capabilities: its provider's defaults with the file's overrides. Unknown models must say them all. */
function videoCapabilitiesOf(definition: ProviderDefinition<AnyAdapter>, entry: Entry, providerModel: string): VideoModelCapabilities {
  const known = knownModel(definition, 'video', providerModel) as VideoModelCapabilities | undefined;
  const o = entry.capabilities ?? {};
  const merged = {
    kind: 'video' as const,
    durations: o.durations ?? known?.durations,
    defaultDuration: o.default_duration ?? known?.defaultDuration,
    resolutions: o.resolutions ?? known?.resolutions,
    aspectRatios: o.aspect_ratios ?? known?.aspectRatios,
    audio: o.audio ?? known?.audio ?? false,
    seed: o.seed ?? known?.seed ?? false,
  };
  const missing = Object.entries({
    durations: merged.durations,
    default_duration: merged.defaultDuration,
    resolutions: merged.resolutions,
    aspect_ratios: merged.aspectRatios,
  })
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new Error(`${entry.id}: ${definition.name} has no video model "${providerModel}" built in; its capabilities must give ${missing.join(', ')}`);
  }
  return merged as VideoModelCapabilities;
}

/** The capabilities a provider's model has by default, with the file's overrides. Unknown models must say them all. */
function capabilitiesOf(definition: ProviderDefinition<AnyAdapter>, entry: Entry, providerModel: string): ModelCapabilities {
  const known = knownModel(definition, entry.kind, providerModel) as ModelCapabilities | undefined;
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
  return { ...merged, kind: entry.kind as 'image' | 'edit', sizes: merged.sizes ?? null, maxN: merged.maxN! };
}

const PRICE_FIELD = { image: 'per_image', edit: 'per_edit', video: 'per_second' } as const;

/** Reads the providers file against the environment: the models offered, each bound to its adapter. */
export function loadProviderModels(file: string, env: Record<string, string | undefined>, log: (line: string) => void = console.warn): ProviderModelEntry[] {
  const parsed = fileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const adapters = new Map<ProviderId, AnyAdapter | null>();
  const adapterOf = (id: ProviderId) => {
    if (!adapters.has(id)) {
      const definition = PROVIDER_DEFINITIONS[id];
      const keyEnv = parsed.providers[id]?.key_env ?? definition.keyEnv;
      const secretEnv = parsed.providers[id]?.secret_env ?? definition.secretEnv;
      const apiKey = env[keyEnv];
      const secret = secretEnv ? env[secretEnv] : undefined;
      const keyed = Boolean(apiKey) && (!secretEnv || Boolean(secret));
      if (!keyed) log(`[reference-service] ${definition.name}: no key in ${[keyEnv, secretEnv].filter(Boolean).join(' and ')}, so its models are not offered`);
      const baseUrl = (parsed.providers[id]?.base_url ?? definition.baseUrl).replace(/\/+$/, '');
      adapters.set(id, keyed ? definition.adapter({ baseUrl, apiKey: apiKey!, ...(secret ? { secret } : {}) }) : null);
    }
    return adapters.get(id)!;
  };
  const offered: ProviderModelEntry[] = [];
  for (const entry of parsed.models) {
    const definition = PROVIDER_DEFINITIONS[entry.provider];
    const model = entry.provider_model ?? entry.id;
    const named = { provider: entry.provider, providerName: definition.name, model };
    // Checked before the price and the key, so that a wrong file fails however it is deployed.
    const capabilities = entry.kind === 'video' ? videoCapabilitiesOf(definition, entry, model) : capabilitiesOf(definition, entry, model);
    if (capabilities.kind === 'video' && !capabilities.durations.includes(capabilities.defaultDuration)) {
      throw new Error(`${entry.id}: its default duration ${capabilities.defaultDuration} s is not one of its durations`);
    }
    if (!entry.price || !(PRICE_FIELD[entry.kind] in entry.price)) {
      log(`[reference-service] ${entry.id}: no ${PRICE_FIELD[entry.kind]} price, so it is not offered`);
      continue;
    }
    const perSecond = 'per_second' in entry.price ? entry.price.per_second : {};
    const unpriced = capabilities.kind === 'video' ? capabilities.resolutions.filter((r) => perSecond[r] === undefined) : [];
    if (unpriced.length > 0) {
      log(`[reference-service] ${entry.id}: no per_second price for ${unpriced.join(', ')}, which it makes, so it is not offered`);
      continue;
    }
    const adapter = adapterOf(entry.provider);
    if (!adapter) continue;
    const images = 'generate' in adapter ? adapter : undefined;
    const able = { image: images, edit: images?.edit, video: adapter.video }[entry.kind];
    if (!able) throw new Error(`${entry.id}: ${definition.name} has no ${entry.kind} models`);
    offered.push(
      capabilities.kind === 'video'
        ? { ...entry, kind: 'video', binding: { ...named, capabilities, video: adapter.video! } }
        : { ...entry, kind: capabilities.kind, binding: { ...named, capabilities, adapter: images! } },
    );
  }
  return offered;
}
