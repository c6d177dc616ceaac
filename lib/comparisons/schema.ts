import { z } from 'zod';
import { IMAGE_SIZES } from '../upstream/defaults';
import { nameText, promptText } from '../text';

export const BACKGROUNDS = ['auto', 'opaque', 'transparent'] as const;
export const RESPONSE_FORMATS = ['url', 'b64_json'] as const;
/** maxSeed: the service's seeds are unsigned 32-bit integers. */
export const LIMITS = { maxModels: 4, maxN: 4, maxPromptLength: 4000, maxSeed: 2 ** 32 - 1 } as const;

/**
 * A board's settings, parsed the same way in the browser and on the server. Messages are keys of
 * the compare dictionary's `errors` section, so each side shows them in the reader's language.
 */
export const boardInputSchema = z.object({
  prompt: promptText().trim().min(1, 'promptRequired').max(LIMITS.maxPromptLength, 'promptTooLong'),
  models: z
    .array(nameText().trim().min(1).max(100))
    .min(1, 'modelsRequired')
    .max(LIMITS.maxModels, 'tooManyModels')
    .refine((models) => new Set(models).size === models.length, 'duplicateModels'),
  size: z.enum(IMAGE_SIZES, 'invalidSize'),
  n: z.number('invalidN').int('invalidN').min(1, 'invalidN').max(LIMITS.maxN, 'invalidN'),
  background: z.enum(BACKGROUNDS, 'invalidBackground'),
  /** null: the server draws one (and shows it). */
  seed: z.number('invalidSeed').int('invalidSeed').min(0, 'invalidSeed').max(LIMITS.maxSeed, 'invalidSeed').nullable(),
  responseFormat: z.enum(RESPONSE_FORMATS).default('url'),
  /** The board this run repeats. */
  parentId: z.uuid().optional(),
});

export type BoardInput = z.infer<typeof boardInputSchema>;
export type BoardInputRaw = z.input<typeof boardInputSchema>;

/**
 * What a board's Generation.params holds: the input as sent, with the seed actually used and
 * whether the user chose it (a rerun of one model keeps a chosen seed). Boards from before
 * `seedLocked` was recorded read as unlocked.
 */
export const boardParamsSchema = boardInputSchema.omit({ parentId: true }).extend({ seed: z.number().int(), seedLocked: z.boolean().default(false) });
export type BoardParams = z.infer<typeof boardParamsSchema>;

/** First message per field, for forms: `{ prompt: 'promptRequired' }`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
  return fields;
}
