import { z } from 'zod';

const KINDS = ['image', 'edit', 'video'] as const;
export type ModelKind = (typeof KINDS)[number];

/** Where a model runs and what it can do (decisions.md row 18; absent: a service that does not say). */
const capabilitySchema = {
  provider: z.object({ id: z.string(), name: z.string() }).nullish().catch(undefined),
  native_sizes: z.array(z.string()).nullish().catch(undefined),
  transparency: z.boolean().nullish().catch(undefined),
  seed: z.boolean().nullish().catch(undefined),
  mask: z.boolean().nullish().catch(undefined),
  edit_kinds: z.array(z.string()).nullish().catch(undefined),
  // Video models:
  default_duration: z.number().int().positive().nullish().catch(undefined),
  aspect_ratios: z.array(z.string()).nullish().catch(undefined),
  audio: z.boolean().nullish().catch(undefined),
};

const modelSchema = z
  .object({
    ...capabilitySchema,
    id: z.string().min(1),
    kind: z.enum(KINDS),
    description: z.string().nullish(),
    sizes: z.array(z.string()).nullish(),
    durations: z.array(z.number()).nullish(),
    resolutions: z.array(z.string()).nullish(),
    // Price tables differ between services; the app only shows them, the ledger bills what responses report.
    price: z.record(z.string(), z.unknown()).nullish(),
  })
  .transform((m) => {
    const model: ModelInfo = { id: m.id, kind: m.kind };
    if (m.description) model.description = m.description;
    if (m.sizes) model.sizes = m.sizes;
    if (m.durations) model.durations = m.durations;
    if (m.resolutions) model.resolutions = m.resolutions;
    if (m.price) model.price = m.price;
    if (m.provider) model.provider = m.provider;
    const can: ModelCapabilities = {};
    if (m.native_sizes) can.nativeSizes = m.native_sizes;
    if (typeof m.transparency === 'boolean') can.transparency = m.transparency;
    if (typeof m.seed === 'boolean') can.seed = m.seed;
    if (typeof m.mask === 'boolean') can.mask = m.mask;
    if (m.edit_kinds) can.editKinds = m.edit_kinds;
    if (m.default_duration) can.defaultDuration = m.default_duration;
    if (m.aspect_ratios) can.aspectRatios = m.aspect_ratios;
    if (typeof m.audio === 'boolean') can.audio = m.audio;
    if (Object.keys(can).length > 0) model.can = can;
    return model;
  });

/** What a model says it can do; an absent field means the service did not say (assume it can). */
export interface ModelCapabilities {
  nativeSizes?: string[];
  transparency?: boolean;
  seed?: boolean;
  /** Whether it takes a mask. */
  mask?: boolean;
  editKinds?: string[];
  /** Video: the duration it makes when none is asked for (its provider's default). */
  defaultDuration?: number;
  aspectRatios?: string[];
  /** Video: whether it makes sound. */
  audio?: boolean;
}

export interface ModelInfo {
  id: string;
  kind: ModelKind;
  description?: string;
  sizes?: string[];
  durations?: number[];
  resolutions?: string[];
  price?: Record<string, unknown>;
  /** Who runs it: `{id: 'openai', name: 'OpenAI'}`; the reference engines are `local`. */
  provider?: { id: string; name: string };
  can?: ModelCapabilities;
}

/**
 * GET /v1/models (decisions row 10): `{data: [...]}`, `{models: [...]}` or a bare array. Entries the
 * app cannot use (no id, or a kind other than image/edit/video) are skipped rather than failing the list.
 */
export const modelListSchema = z
  .union([z.array(z.unknown()), z.object({ data: z.array(z.unknown()) }), z.object({ models: z.array(z.unknown()) })])
  .transform((body) => {
    const entries = Array.isArray(body) ? body : 'data' in body ? body.data : body.models;
    return entries.flatMap((entry) => {
      const parsed = modelSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  });

/** A model as GET /v1/models words it (Atelier's /api/v1 answers in the service's own shape). */
export function serviceModelShape({ can, ...model }: ModelInfo): Record<string, unknown> {
  const said = {
    native_sizes: can?.nativeSizes,
    transparency: can?.transparency,
    seed: can?.seed,
    mask: can?.mask,
    edit_kinds: can?.editKinds,
    default_duration: can?.defaultDuration,
    aspect_ratios: can?.aspectRatios,
    audio: can?.audio,
  };
  return { object: 'model', ...model, ...Object.fromEntries(Object.entries(said).filter(([, v]) => v !== undefined)) };
}
