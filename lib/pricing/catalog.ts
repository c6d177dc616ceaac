import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { appConfig } from '../config';
import { upstreamFor } from '../generations/upstream-for';
import type { KeyOwner } from '../keys/service-keys';
import type { ModelInfo } from '../upstream';
import { isPriceTable } from './list-price';
import { log } from '../observability/log';

/** A good list is asked for again after a minute; after a failed ask, sooner. */
const FRESH_MS = 60_000;
const RETRY_MS = 10_000;

/**
 * The service's model list, one per upstream (never per caller: what a caller's key does must not
 * change what everyone is charged). A failed or empty answer keeps the last good list, and a
 * price the list stops giving is kept too.
 */
interface Listing {
  models: ModelInfo[] | null;
  checkedAt: number;
  failed: boolean;
  refreshing?: Promise<void>;
}

const LISTINGS_KEY = Symbol.for('atelier.modelListings');
type Holder = { [LISTINGS_KEY]?: Map<string, Listing> };
const listings = () => ((globalThis as Holder)[LISTINGS_KEY] ??= new Map());

async function refresh(listing: Listing, owner: KeyOwner): Promise<void> {
  // Any server-held key of this upstream will do: the list is the service's, the same for all. A
  // caller with no key asked the service nothing, so the next caller (who may have one) asks at once.
  // The call is the server's own (logged as the system's), whichever request found the list stale.
  const upstream = await upstreamFor(owner, { system: true }).catch(() => null);
  if (!upstream) return;
  try {
    // null: the service has no model list (or an empty one); the app's own list stands in.
    const models = await upstream.listModels();
    if (models) listing.models = keepKnownPrices(models, listing.models);
    listing.failed = false;
  } catch (error) {
    listing.failed = true;
    log().warn({ err: error }, `models: the service's model list is unavailable, ${listing.models ? 'keeping the last good one' : 'using config/models.json'}`);
  }
  listing.checkedAt = Date.now();
}

/** A list that comes back without a model's price keeps the price the last list had for it. */
function keepKnownPrices(models: ModelInfo[], previous: ModelInfo[] | null): ModelInfo[] {
  const before = new Map(previous?.map((m) => [m.id, m.price]));
  return models.map((m) => {
    const earlier = before.get(m.id);
    return !isPriceTable(m.kind, m.price) && earlier && isPriceTable(m.kind, earlier) ? { ...m, price: earlier } : m;
  });
}

async function listedModels(owner: KeyOwner): Promise<ModelInfo[] | null> {
  const { baseUrl } = appConfig().upstream;
  let listing = listings().get(baseUrl);
  if (!listing) listings().set(baseUrl, (listing = { models: null, checkedAt: 0, failed: false }));
  const stale = Date.now() - listing.checkedAt >= (listing.failed ? RETRY_MS : FRESH_MS);
  if (stale && !listing.refreshing) {
    const current = listing;
    current.refreshing = refresh(current, owner).finally(() => (current.refreshing = undefined));
  }
  // With a good list in hand nobody waits for the service; without one, the first answer is awaited.
  if (!listing.models && listing.refreshing) await listing.refreshing;
  return listing.models;
}

// The operator's own price table (ATELIER_PRICES_FILE, by default config/prices.json): prices for
// models whose price the service's model list does not give. Same shape as the reference
// service's catalog: {"models": [{"id": "…", "price": {"per_image": {…}}}]}, costs in CNY.

const tableSchema = z.object({
  currency: z.literal('CNY').optional(),
  models: z.array(z.object({ id: z.string().min(1), price: z.record(z.string(), z.unknown()) })),
});

type Table = Map<string, Record<string, unknown>>;

const TABLE_KEY = Symbol.for('atelier.priceTable');
type TableHolder = { [TABLE_KEY]?: { file: string; table: Table } };

function loadOperatorTable(file: string): Table {
  let text: string;
  try {
    text = readFileSync(/*turbopackIgnore: true*/ file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  const parsed = tableSchema.safeParse(JSON.parse(text));
  // A broken price file is a deployment error: say so loudly rather than price anything at 0.
  if (!parsed.success) throw new Error(`${file} is not a price table: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return new Map(parsed.data.models.map((m) => [m.id, m.price]));
}

/** The operator's price for `model`, if the table has one (the file is read once per process). */
function operatorPrice(model: string): Record<string, unknown> | undefined {
  const file = appConfig().pricesFile;
  const holder = globalThis as TableHolder;
  if (holder[TABLE_KEY]?.file !== file) holder[TABLE_KEY] = { file, table: loadOperatorTable(file) };
  return holder[TABLE_KEY]!.table.get(model);
}

let configured: ModelInfo[] | undefined;

/** The app's own list, for a service that offers none (decisions.md row 10). It carries no prices. */
function configuredModels(): ModelInfo[] {
  return (configured ??= JSON.parse(readFileSync(/*turbopackIgnore: true*/ path.join(process.cwd(), 'config', 'models.json'), 'utf8')) as ModelInfo[]);
}

/** A model with the price Atelier trusts: the service's own table, else the operator's, else none. */
function withTrustedPrice(model: ModelInfo): ModelInfo {
  if (model.price && isPriceTable(model.kind, model.price)) return model;
  const { price: _untrusted, ...rest } = model;
  const own = operatorPrice(model.id);
  return own && isPriceTable(model.kind, own) ? { ...rest, price: own } : rest;
}

/** The models the service offers, each with its trusted price table (or none: it cannot be priced). */
export async function serviceModels(owner: KeyOwner): Promise<ModelInfo[]> {
  return ((await listedModels(owner)) ?? configuredModels()).map(withTrustedPrice);
}

/** Resolves once a refresh of the current upstream's list under way has ended (tests). */
export async function listingSettled(): Promise<void> {
  await listings().get(appConfig().upstream.baseUrl)?.refreshing;
}

/** Forgets every listing (tests that switch upstreams within one process). */
export function forgetModelListings(): void {
  listings().clear();
}
