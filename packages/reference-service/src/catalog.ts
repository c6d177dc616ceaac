import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { EDIT_KINDS } from './engines/edit/edit-kind';
import { IMAGE_STYLES } from './engines/generate/text-to-image';
import type { ProviderBinding, ProviderModelEntry, VideoBinding } from './providers/registry';

import { ASPECT_RATIOS, DEFAULT_DURATION, IMAGE_SIZES, RESOLUTIONS } from './requests';

export { IMAGE_SIZES, RESOLUTIONS };
export type ImageSize = (typeof IMAGE_SIZES)[number];
export type Resolution = (typeof RESOLUTIONS)[number];

const money = z.number().nonnegative();
const modelSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.string(),
    kind: z.literal('image'),
    engine: z.enum(IMAGE_STYLES),
    description: z.string().default(''),
    /** Whether this model answers with a revised_prompt (the interface: "present for some models only"). */
    revises_prompt: z.boolean().default(false),
    price: z.object({ per_image: z.record(z.enum(IMAGE_SIZES), money) }),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('edit'),
    quality: z.enum(['standard', 'hd']),
    /** The share of each side the model works at, scaling the result back up (a fast, cheap model works at half). */
    work_scale: z.number().min(0.25).max(1).default(1),
    /** How it fills a removal: `auto` leaves thin holes to diffusion, `exemplar` copies texture into every hole. */
    fill: z.enum(['auto', 'exemplar']).default('auto'),
    /** Its own processing time: no edit is answered sooner (the latency knob can only lengthen it). */
    latency_ms: z.number().int().min(0).default(0),
    description: z.string().default(''),
    price: z.object({ per_edit: z.record(z.string(), money) }),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('video'),
    engine: z.enum(IMAGE_STYLES),
    description: z.string().default(''),
    durations: z.array(z.number().int().positive()).min(1),
    price: z.object({ per_second: z.record(z.enum(RESOLUTIONS), money), audio_per_second: money }),
  }),
]);
const catalogSchema = z.object({
  currency: z.literal('CNY'),
  default_edit_model: z.string(),
  models: z.array(modelSchema).min(1),
});

type LocalModel = z.infer<typeof modelSchema>;
type Local<K extends LocalModel['kind']> = Extract<LocalModel, { kind: K }> & { provider?: undefined };

/** A model run at a provider (providers/registry.ts): its id, words and price are ours, the rest is the binding's. */
interface ProviderImageModel {
  id: string;
  kind: 'image';
  description: string;
  revises_prompt: false;
  price: Local<'image'>['price'];
  provider: ProviderBinding;
}
interface ProviderEditModel {
  id: string;
  kind: 'edit';
  description: string;
  price: Local<'edit'>['price'];
  provider: ProviderBinding;
}

interface ProviderVideoModel {
  id: string;
  kind: 'video';
  description: string;
  durations: number[];
  /** Every resolution it makes has its price (the registry offers it only then). */
  price: { per_second: Partial<Local<'video'>['price']['per_second']>; audio_per_second: number; per_million_tokens?: number };
  provider: VideoBinding;
}

export type ImageModel = Local<'image'> | ProviderImageModel;
export type EditModel = Local<'edit'> | ProviderEditModel;
export type VideoModel = Local<'video'> | ProviderVideoModel;
export type CatalogModel = ImageModel | EditModel | VideoModel;
export type Catalog = Omit<z.infer<typeof catalogSchema>, 'models'> & { models: CatalogModel[] };

/** The catalog file, with the provider-backed models after its own (an id may be used once). */
export function loadCatalog(file: string, providerModels: ProviderModelEntry[] = []): Catalog {
  const local = catalogSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const catalog: Catalog = { ...local, models: [...local.models, ...providerModels.map(fromProvider)] };
  const ids = catalog.models.map((m) => m.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw new Error(`model id ${twice} is used twice (the catalog and the providers file share ids)`);
  if (!catalog.models.some((m) => m.kind === 'edit' && m.id === catalog.default_edit_model)) {
    throw new Error(`default_edit_model ${catalog.default_edit_model} is not an edit model of the catalog`);
  }
  return catalog;
}

function fromProvider(entry: ProviderModelEntry): ProviderImageModel | ProviderEditModel | ProviderVideoModel {
  const common = { id: entry.id, description: entry.description };
  if (entry.kind === 'video') {
    if (entry.price && 'per_second' in entry.price) {
      return { ...common, kind: 'video', durations: entry.binding.capabilities.durations, price: entry.price, provider: entry.binding };
    }
  } else {
    if (entry.kind === 'image' && entry.price && 'per_image' in entry.price)
      return { ...common, kind: 'image', revises_prompt: false, price: entry.price, provider: entry.binding };
    if (entry.kind === 'edit' && entry.price && 'per_edit' in entry.price) return { ...common, kind: 'edit', price: entry.price, provider: entry.binding };
  }
  throw new Error(`${entry.id}: its price does not fit a${entry.kind === 'image' ? 'n image' : 'n edit'} model`);
}

export function findModel<K extends CatalogModel['kind']>(catalog: Catalog, id: string, kind: K): Extract<CatalogModel, { kind: K }> | undefined {
  return catalog.models.find((m): m is Extract<CatalogModel, { kind: K }> => m.id === id && m.kind === kind);
}

/** Prices are kept to 4 decimals so sums of many small costs stay exact in a JSON number. */
export const roundCny = (amount: number) => Math.round(amount * 10_000) / 10_000;

export function imageCost(model: ImageModel, size: ImageSize, n: number): number {
  return roundCny(model.price.per_image[size] * n);
}

/** Edits are priced by the longest side of the output, in tiers named by their upper bound. */
export function editCost(model: EditModel, width: number, height: number): number {
  const side = Math.max(width, height);
  const tiers = Object.entries(model.price.per_edit)
    .map(([bound, price]) => [Number(bound), price] as const)
    .sort((a, b) => a[0] - b[0]);
  const tier = tiers.find(([bound]) => side <= bound) ?? tiers[tiers.length - 1];
  return roundCny(tier[1]);
}

export function videoCost(model: VideoModel, duration: number, resolution: Resolution, audio: boolean): number {
  const perSecond = (model.price.per_second[resolution] ?? 0) + (audio ? model.price.audio_per_second : 0);
  return roundCny(perSecond * duration);
}

/** A video model's duration when the request names none: the provider's own default, not the interface's. */
export const defaultDuration = (model: VideoModel, fallback: number) => (model.provider ? model.provider.capabilities.defaultDuration : fallback);

/** The resolutions a video model makes: a provider's own list, all of ours for the local engines. */
export const videoResolutions = (model: VideoModel): Resolution[] => (model.provider ? model.provider.capabilities.resolutions : [...RESOLUTIONS]);

/** What the reference engines can do, said as a provider's capabilities are. */
const LOCAL = { provider: { id: 'local', name: 'Atelier reference engines' }, max_n: 4, transparency: true, seed: true };

/** Where a model runs and what it can do (decisions.md row 18: the provider and its native sizes). */
function capabilitiesOf(model: ImageModel | EditModel) {
  if (!model.provider) {
    return {
      ...LOCAL,
      native_sizes: model.kind === 'image' ? [...IMAGE_SIZES] : null,
      ...(model.kind === 'edit' ? { mask: true, edit_kinds: [...EDIT_KINDS] } : {}),
    };
  }
  const { provider, providerName, capabilities: c } = model.provider;
  return {
    provider: { id: provider, name: providerName },
    native_sizes: c.sizes,
    ...(c.sizes === null ? { max_side: c.maxSide } : {}),
    max_n: c.maxN,
    transparency: c.transparency,
    seed: c.seed,
    ...(model.kind === 'edit' ? { mask: c.mask !== 'none', edit_kinds: c.editKinds } : {}),
  };
}

/** The public view of a model for GET /v1/models: no engine internals. */
export function publicModel(model: CatalogModel) {
  const base = { id: model.id, object: 'model', kind: model.kind, description: model.description };
  switch (model.kind) {
    case 'image':
      return { ...base, sizes: [...IMAGE_SIZES], ...capabilitiesOf(model), price: { currency: 'CNY', ...model.price } };
    case 'edit':
      return { ...base, ...capabilitiesOf(model), price: { currency: 'CNY', ...model.price } };
    case 'video': {
      const c = model.provider?.capabilities;
      const where = model.provider ? { id: model.provider.provider, name: model.provider.providerName } : LOCAL.provider;
      return {
        ...base,
        provider: where,
        durations: model.durations,
        default_duration: c ? c.defaultDuration : DEFAULT_DURATION,
        resolutions: videoResolutions(model),
        aspect_ratios: c ? c.aspectRatios : [...ASPECT_RATIOS],
        audio: c ? c.audio : true,
        price: { currency: 'CNY', ...model.price },
      };
    }
  }
}
