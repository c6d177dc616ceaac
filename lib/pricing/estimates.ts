import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { AppError } from '../errors';
import type { Charge } from '../ledger/reserve';
import type { ModelInfo } from '../upstream';
import { IMAGE_SIZES, SERVICE_DEFAULTS, type ImageSize, type VideoResolution } from '../upstream/defaults';
import { estimateBoard, type PriceTable, type UnitPrice } from './board';
import { serviceModels } from './catalog';
import { editPrice, imagePrice, videoPrice } from './list-price';
import { highestSeen, OBSERVED_PER_SIZE, observedPrice, raisedPrice, recentCharges, type Observation } from './observed';

// What a request is reserved at, for every kind, one way through: the trusted list price
// (pricing/catalog.ts) with omitted parameters at the service's defaults -> raised to the most the
// ledger saw charged for the same request, never lowered by it (raisedPrice) -> the charges the
// lifecycle reserves. Nothing trusted prices it: refused (`price_unknown`).

type Who = Pick<TeamContext, 'team' | 'user'>;

/** A model the service does not offer for this kind of request: the API answers as the service would (decisions.md row 4). */
export const unknownModel = (kind: 'image' | 'edit' | 'video', model: string) =>
  new AppError('invalid_input', `Unknown ${kind} model: ${model}.`, {
    fields: { models: 'unknownModel' },
    reason: 'unknownModel',
    param: 'model',
  });

/** Atelier will not run what it cannot price: an unknown price must never pass a budget as 0. */
export function priceUnknown(models: string[]): AppError {
  const list = models.join(', ');
  return new AppError(
    'price_unknown',
    `Atelier has no price for ${list}: the service lists none and the operator's price table has none, so it cannot be checked against the budget.`,
    {
      key: 'priceUnknown',
      values: { models: list },
    },
  );
}

const boardParams = z.object({ size: z.string(), n: z.number().int().positive() });

/** What boards of the team were recently charged per model (of one size, if given), with the size and n of each. */
export async function boardObservations(ctx: Who, models: string[], size?: ImageSize): Promise<Observation[]> {
  // observedPrice reads the newest 10 of a model and size; without a size, enough for every size.
  const lines = await recentCharges(ctx, 'comparison', models, size ? { perModel: OBSERVED_PER_SIZE, size } : { perModel: 50 });
  return lines.flatMap((charge): Observation[] => {
    const params = boardParams.safeParse(charge.params);
    return params.success ? [{ model: charge.model, amount: charge.amount, ...params.data }] : [];
  });
}

/**
 * The price table for the given image models: the trusted list price (the service's, else the
 * operator's), raised to what the ledger saw if that was more. A model with no list price has no
 * entry: history alone never prices a request.
 */
export function priceTable(models: ModelInfo[], observations: Observation[]): PriceTable {
  const table: PriceTable = {};
  for (const model of models) {
    const row: Partial<Record<ImageSize, UnitPrice>> = {};
    for (const size of IMAGE_SIZES) {
      const listed = imagePrice(model.price, size);
      if (listed !== null) row[size] = raisedPrice(listed, observedPrice(observations, model.id, size));
    }
    table[model.id] = row;
  }
  return table;
}

const imageModels = async (ctx: Who) => (await serviceModels(ctx)).filter((m) => m.kind === 'image');

/** The image models and the per-image price table the board form estimates with. */
export async function boardPrices(ctx: Who): Promise<{ models: ModelInfo[]; table: PriceTable }> {
  const models = await imageModels(ctx);
  const observations = await boardObservations(
    ctx,
    models.map((m) => m.id),
  );
  return { models, table: priceTable(models, observations) };
}

/**
 * What the server reserves for a board: each model's unit price × n images, by the same table as
 * the form, read for the board's models and size only (a model the service does not offer is
 * refused first).
 */
export async function priceBoard(ctx: Who, board: { models: string[]; size?: ImageSize; n?: number }): Promise<Charge[]> {
  const offered = new Map((await imageModels(ctx)).map((m) => [m.id, m]));
  const unknown = board.models.filter((m) => !offered.has(m));
  if (unknown.length > 0) throw unknownModel('image', unknown.join(', '));
  const size = board.size ?? SERVICE_DEFAULTS.imageSize;
  const models = board.models.map((id) => offered.get(id)!);
  const table = priceTable(models, await boardObservations(ctx, board.models, size));
  const estimate = estimateBoard(table, board.models, size, board.n ?? SERVICE_DEFAULTS.imagesPerModel);
  if (estimate.unknown.length > 0) throw priceUnknown(estimate.unknown);
  return estimate.perModel.map((m) => ({ model: m.model, amount: m.amount! }));
}

/** The most recently charged for `model` where `same(params)` (its newest 20 lines), or null. */
async function seenFor(ctx: Who, kind: 'edit' | 'video', model: string, same: (params: Record<string, unknown>) => boolean): Promise<string | null> {
  return highestSeen((await recentCharges(ctx, kind, [model], { perModel: 20 })).filter((c) => same((c.params ?? {}) as Record<string, unknown>)));
}

/** One edit whose output is `size` ("WxH"). */
export async function priceEdit(ctx: Who, model: string | undefined, size: string): Promise<Charge[]> {
  const info = model ? (await serviceModels(ctx)).find((m) => m.kind === 'edit' && m.id === model) : undefined;
  const listed = info ? editPrice(info.price, size) : null;
  if (!info || listed === null) throw priceUnknown([model ?? 'the default edit model']);
  return [{ model: info.id, amount: raisedPrice(listed, await seenFor(ctx, 'edit', info.id, (p) => p.size === size)).amount }];
}

/** The duration a video model makes when none is asked for: its own (a provider's default), else the interface's 5 s. */
export async function defaultVideoDuration(ctx: Who, model: string): Promise<number> {
  const info = (await serviceModels(ctx)).find((m) => m.kind === 'video' && m.id === model);
  return info?.can?.defaultDuration ?? SERVICE_DEFAULTS.videoDuration;
}

/** One video; a missing duration is billed (so priced) as the model's own default. */
export async function priceVideo(ctx: Who, video: { model: string; duration?: number; resolution?: VideoResolution; audio?: boolean }): Promise<Charge[]> {
  const resolution = video.resolution ?? SERVICE_DEFAULTS.videoResolution;
  const audio = video.audio ?? SERVICE_DEFAULTS.videoAudio;
  const info = (await serviceModels(ctx)).find((m) => m.kind === 'video' && m.id === video.model);
  if (!info) throw unknownModel('video', video.model);
  const duration = video.duration ?? info.can?.defaultDuration ?? SERVICE_DEFAULTS.videoDuration;
  const listed = videoPrice(info.price, duration, resolution, audio);
  if (listed === null) throw priceUnknown([video.model]);
  const same = (p: Record<string, unknown>) =>
    (p.duration ?? SERVICE_DEFAULTS.videoDuration) === duration && p.resolution === resolution && Boolean(p.audio) === audio;
  return [{ model: video.model, amount: raisedPrice(listed, await seenFor(ctx, 'video', video.model, same)).amount }];
}
