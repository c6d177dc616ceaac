import type { ImageStyle } from './image/text-to-image';
import type { EditKind } from './image/edit-kind';

/** The work an engine thread can do. Inputs and outputs cross threads as plain data. */
export type EngineJob =
  | {
      op: 'generate';
      style: ImageStyle;
      prompt: string;
      width: number;
      height: number;
      background: 'transparent' | 'opaque' | 'auto';
      seed: number;
    }
  | {
      /** A transparent layer of the things the prompt names (sun, clouds, birds...). */
      op: 'elements';
      prompt: string;
      width: number;
      height: number;
      seed: number;
    }
  | {
      op: 'edit';
      kind: EditKind;
      quality: 'standard' | 'hd';
      prompt: string;
      image: Uint8Array;
      mask: Uint8Array | null;
      width: number;
      height: number;
      seed: number;
    };

/** A refusal an engine discovers only when it decodes the input (e.g. a truncated PNG). */
export interface EngineFailure {
  message: string;
  code?: string;
  status?: number;
}
