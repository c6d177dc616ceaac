// A board's choices and limits, shared by the form in the browser and the schema on the server (no zod here).

import { MAX_PROMPT_CHARS } from '../text/prompt-limit';

export const BACKGROUNDS = ['auto', 'opaque', 'transparent'] as const;
export const RESPONSE_FORMATS = ['url', 'b64_json'] as const;
/** maxSeed: the service's seeds are unsigned 32-bit integers. */
/** maxPromptLength: the service's, for every prompt (lib/text/prompt-limit.ts). */
export const LIMITS = { maxModels: 4, maxN: 4, maxPromptLength: MAX_PROMPT_CHARS, maxSeed: 2 ** 32 - 1 } as const;
