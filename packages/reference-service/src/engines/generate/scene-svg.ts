import type { PromptSpec } from './prompt';
import { createRng } from '../pixels/raw';
import type { Ctx } from './scene/context';
import { paintEmblem } from './scene/emblem';
import { paintLandscape } from './scene/landscape';
import { Svg } from './svg';
import { type Theme, buildTheme } from './theme';

/** full: the whole picture. backdrop: land and sky without foreground subjects. cutout: subjects on nothing. */
export type SceneMode = 'full' | 'backdrop' | 'cutout';

export interface SceneRequest {
  spec: PromptSpec;
  /** Already mixed with the prompt by the caller; the same seed always lays the scene out the same way. */
  seed: number;
  width: number;
  height: number;
  mode: SceneMode;
  /** Override the colours (the ink style repaints the same layout in greys). */
  theme?: Theme;
  sparse?: boolean;
}

/** The scene as SVG text, sized to the canvas, ready for librsvg. */
export function sceneSvg(req: SceneRequest): string {
  const svg = new Svg(req.width, req.height);
  const ctx: Ctx = {
    svg,
    rng: createRng(req.seed),
    theme: req.theme ?? buildTheme(req.spec),
    spec: req.spec,
    W: req.width,
    H: req.height,
    u: svg.u,
    horizon: req.height * 0.62,
    soft: req.mode !== 'cutout',
    sparse: req.sparse,
    mirrored: [],
  };
  if (req.mode === 'cutout') paintEmblem(ctx);
  else paintLandscape(ctx, req.mode === 'full');
  return svg.toString();
}
