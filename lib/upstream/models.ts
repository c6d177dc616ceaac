import { z } from 'zod';

const KINDS = ['image', 'edit', 'video'] as const;
export type ModelKind = (typeof KINDS)[number];

const modelSchema = z
  .object({
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
    return model;
  });

export interface ModelInfo {
  id: string;
  kind: ModelKind;
  description?: string;
  sizes?: string[];
  durations?: number[];
  resolutions?: string[];
  price?: Record<string, unknown>;
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
