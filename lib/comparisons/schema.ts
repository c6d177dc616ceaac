import { z } from 'zod';
import { IMAGE_SIZES } from '../upstream/defaults';
import { nameText, promptLength, promptText } from '../text';
import { BACKGROUNDS, LIMITS, RESPONSE_FORMATS } from './limits';

export { BACKGROUNDS, LIMITS, RESPONSE_FORMATS } from './limits';

/**
 * A board's settings, parsed on the server (the board form posts what was typed and shows the
 * fields named in the refusal). Messages are keys of the compare dictionary's `errors` section, so
 * the form shows them in the reader's language.
 */
export const boardInputSchema = z.object({
  prompt: promptText()
    .trim()
    .min(1, 'promptRequired')
    .refine((text) => promptLength(text) <= LIMITS.maxPromptLength, 'promptTooLong'),
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
