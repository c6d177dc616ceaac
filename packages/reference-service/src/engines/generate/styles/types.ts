import type { PromptSpec } from '../prompt';
import type { RawImage } from '../../pixels/raw';
import type { SceneMode } from '../scene-svg';

export interface StyleInput {
  spec: PromptSpec;
  /** Lays the scene out: shared by all styles, so one seed is one composition in five looks. */
  sceneSeed: number;
  /** Drives the style's own texture (grain, paper, jitter). */
  styleSeed: number;
  width: number;
  height: number;
  mode: SceneMode;
}

/**
 * RGBA; opaque modes have alpha 255 everywhere. Soft styles may return a smaller image with the
 * same aspect: the caller enlarges it inside the encoder pipeline, which at 4096 px is much cheaper
 * than materialising a full-size buffer that carries no extra detail.
 */
export type StyleRenderer = (input: StyleInput) => Promise<RawImage>;
