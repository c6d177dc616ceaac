import { type PromptSpec, analyzePrompt } from './prompt';
import { type RawImage, hashSeed, toSharp } from '../pixels/raw';
import type { SceneMode } from './scene-svg';
import { renderAquarelle } from './styles/aquarelle';
import { resize } from './styles/filters';
import { renderInk } from './styles/ink';
import { renderMosaic } from './styles/mosaic';
import { renderPixel } from './styles/pixel';
import type { StyleRenderer } from './styles/types';
import { renderVista } from './styles/vista';

export { renderElements } from '../edit/elements';

export const IMAGE_STYLES = ['vista', 'pixel', 'aquarelle', 'mosaic', 'ink'] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];

export interface GenerateImageOptions {
  style: ImageStyle;
  prompt: string;
  width: number;
  height: number;
  background: 'transparent' | 'opaque' | 'auto';
  seed: number;
}

const RENDERERS: Record<ImageStyle, StyleRenderer> = {
  vista: renderVista,
  pixel: renderPixel,
  aquarelle: renderAquarelle,
  mosaic: renderMosaic,
  ink: renderInk,
};

const dimension = (v: number): number => Math.max(1, Math.min(4096, Math.round(Number.isFinite(v) ? v : 1024)));

interface RenderJob {
  style?: ImageStyle;
  prompt: string;
  spec: PromptSpec;
  width: number;
  height: number;
  seed: number;
  mode: SceneMode;
}

function render(j: RenderJob): Promise<RawImage> {
  const style = j.style && Object.hasOwn(RENDERERS, j.style) ? j.style : 'vista';
  return RENDERERS[style]({
    spec: j.spec,
    // The layout ignores the style, so one prompt and seed give one composition in five looks.
    sceneSeed: hashSeed('scene', j.seed, j.prompt),
    styleSeed: hashSeed('style', style, j.seed),
    width: j.width,
    height: j.height,
    mode: j.mode,
  });
}

/** PNG bytes. Same options in, same bytes out: no clocks, no Math.random, fixed encoder settings. */
export async function generateImage(o: GenerateImageOptions): Promise<Buffer> {
  const spec = analyzePrompt(o.prompt);
  const transparent = o.background === 'transparent' || (o.background === 'auto' && spec.wantsTransparency);
  const width = dimension(o.width);
  const height = dimension(o.height);
  const img = await render({ ...o, spec, width, height, mode: transparent ? 'cutout' : 'full' });
  let pipeline = toSharp(img);
  // Soft styles paint at a working size; enlarging inside the encoder avoids a 64 MB intermediate.
  if (img.width !== width || img.height !== height) pipeline = pipeline.resize(width, height, { fit: 'fill', kernel: 'linear' });
  if (!transparent) pipeline = pipeline.removeAlpha();
  // No effort/quality/colours options: any of them silently switches sharp to a lossy palette PNG.
  return pipeline.png({ compressionLevel: 4, adaptiveFiltering: true }).toBuffer();
}

/** An opaque landscape for the prompt with no foreground subjects: the new background in edits. */
export async function renderBackdrop(o: { prompt: string; width: number; height: number; seed: number; style?: ImageStyle }): Promise<RawImage> {
  const width = dimension(o.width);
  const height = dimension(o.height);
  const spec = analyzePrompt(o.prompt);
  return resize(await render({ ...o, spec, width, height, mode: 'backdrop' }), width, height, 'cubic');
}
