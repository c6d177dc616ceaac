import { z } from 'zod';
import { sumCosts, zeroCost, type Cost } from './cost';
import { totalSchema, usageSchema } from './usage';
import { imageItemSchema, type GeneratedImage } from './image-item';

const entryErrorSchema = z.union([z.string(), z.object({ message: z.string().nullish(), code: z.union([z.string(), z.number()]).nullish() })]);

const entrySchema = z.object({
  model: z.string(),
  index: z.number().int().nonnegative().nullish(),
  status: z.string().nullish(),
  data: z.array(imageItemSchema).nullish(),
  usage: usageSchema.nullish(),
  error: entryErrorSchema.nullish(),
});

export interface BatchEntry {
  model: string;
  /** Position of the model in the request. */
  index: number;
  images: GeneratedImage[];
  cost: Cost;
  /** Present when this model produced nothing. */
  error?: { message: string; code: string };
}

const FAILED = new Set(['failed', 'error']);

function toEntry(raw: z.output<typeof entrySchema>, position: number): BatchEntry {
  const images = raw.data ?? [];
  const entry: BatchEntry = { model: raw.model, index: raw.index ?? position, images, cost: raw.usage ?? zeroCost() };
  if (raw.error) {
    const { message, code } = typeof raw.error === 'string' ? { message: raw.error, code: undefined } : raw.error;
    entry.error = { message: message || `${raw.model} failed.`, code: code == null ? 'model_error' : String(code) };
  } else if (FAILED.has(raw.status?.toLowerCase() ?? '') || images.length === 0) {
    entry.error = { message: `${raw.model} returned no images.`, code: 'no_result' };
  }
  return entry;
}

const missing = (model: string, index: number): BatchEntry => ({
  model,
  index,
  images: [],
  cost: zeroCost(),
  error: { message: 'no result returned', code: 'no_result' },
});

/**
 * One entry per requested model, in request order (decisions row 4): a model the answer leaves out
 * becomes a failed entry, and entries for models nobody asked for are kept at the end so that their
 * cost still reaches the ledger.
 */
function align(entries: BatchEntry[], requested: string[]): BatchEntry[] {
  const pool = [...entries];
  const aligned = requested.map((model, index) => {
    const exact = pool.findIndex((e) => e.model === model && e.index === index);
    const at = exact >= 0 ? exact : pool.findIndex((e) => e.model === model);
    return at < 0 ? missing(model, index) : { ...pool.splice(at, 1)[0], index };
  });
  return [...aligned, ...pool];
}

// Built once: zod compiles an object schema on its first parse, so a schema made per call pays that every call.
const rawBatchSchema = z.object({
  id: z.string().min(1),
  status: z.string().nullish(),
  created: z.number().nullish(),
  results: z.array(entrySchema).nullish(),
  total_cost: totalSchema.nullish(),
});

/** POST /v1/images/generations (interface 2.2) -> the app's batch, aligned to the models requested. */
export const batchResultSchema = (requested: string[]) =>
  rawBatchSchema.transform((raw) => {
    const results = align((raw.results ?? []).map(toEntry), requested);
    // A service may say "failed" while some models delivered: keep its word and the images.
    const failed = FAILED.has(raw.status?.toLowerCase() ?? '') || results.every((r) => r.error);
    const totalCost = raw.total_cost ?? {
      amount: sumCosts(results.map((r) => r.cost.amount)),
      currency: results[0]?.cost.currency ?? zeroCost().currency,
    };
    return {
      id: raw.id,
      status: failed ? ('failed' as const) : ('completed' as const),
      created: raw.created ?? Math.floor(Date.now() / 1000),
      results,
      totalCost,
    };
  });

export type BatchResult = z.output<ReturnType<typeof batchResultSchema>>;
