import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { appConfig } from '../config';

// The operator's own price table (ATELIER_PRICES_FILE, by default config/prices.json): prices for
// models whose price the service's model list does not give. Same shape as the reference
// service's catalog: {"models": [{"id": "…", "price": {"per_image": {…}}}]}, costs in CNY.

const tableSchema = z.object({
  currency: z.literal('CNY').optional(),
  models: z.array(z.object({ id: z.string().min(1), price: z.record(z.string(), z.unknown()) })),
});

type Table = Map<string, Record<string, unknown>>;

const TABLE_KEY = Symbol.for('atelier.priceTable');
type Holder = { [TABLE_KEY]?: { file: string; table: Table } };

function load(file: string): Table {
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
export function operatorPrice(model: string): Record<string, unknown> | undefined {
  const file = appConfig().pricesFile;
  const holder = globalThis as Holder;
  if (holder[TABLE_KEY]?.file !== file) holder[TABLE_KEY] = { file, table: load(file) };
  return holder[TABLE_KEY]!.table.get(model);
}
