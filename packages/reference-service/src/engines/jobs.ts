import type { EditJob } from './edit/edit';
import type { GenerateImageOptions } from './generate/text-to-image';

/** The work an engine thread can do. Inputs and outputs cross threads as plain data. */
export type EngineJob =
  | ({ op: 'generate' } & GenerateImageOptions)
  | {
      /** A transparent layer of the things the prompt names (sun, clouds, birds...). */
      op: 'elements';
      prompt: string;
      width: number;
      height: number;
      seed: number;
    }
  | ({ op: 'edit' } & EditJob);

/** A refusal an engine discovers only when it decodes the input (e.g. a truncated PNG). */
export interface EngineFailure {
  message: string;
  code?: string;
  status?: number;
}
