import { EDIT_LIMITS } from './limits';

// Outpainting's geometry, shared by the studio's preview and the server that pads the image.

export const ANCHORS = ['top-left', 'top', 'top-right', 'left', 'center', 'right', 'bottom-left', 'bottom', 'bottom-right'] as const;
export type Anchor = (typeof ANCHORS)[number];

/** Where an outpainting put the original: its canvas and the original's top-left corner on it. */
export interface Placed {
  width: number;
  height: number;
  left: number;
  top: number;
}

/** A larger canvas for the image, and where on it the original sits. */
export interface Extension {
  width: number;
  height: number;
  anchor: Anchor;
}

/** The original's top-left corner on the new canvas. */
export function placement(original: { width: number; height: number }, extension: Extension): { left: number; top: number } {
  const column = extension.anchor.endsWith('left') ? 0 : extension.anchor.endsWith('right') ? 2 : 1;
  const row = extension.anchor.startsWith('top') ? 0 : extension.anchor.startsWith('bottom') ? 2 : 1;
  return {
    left: Math.floor(((extension.width - original.width) * column) / 2),
    top: Math.floor(((extension.height - original.height) * row) / 2),
  };
}

/** Why the canvas cannot hold the original as asked, or null. */
export function extensionProblem(original: { width: number; height: number }, extension: Extension): 'smaller' | 'same' | 'side' | null {
  if (extension.width > EDIT_LIMITS.maxSide || extension.height > EDIT_LIMITS.maxSide) return 'side';
  if (extension.width < original.width || extension.height < original.height) return 'smaller';
  if (extension.width === original.width && extension.height === original.height) return 'same';
  return null;
}

/** Aspect ratios the studio offers, as width/height. */
export const ASPECTS = [
  ['1:1', 1],
  ['4:3', 4 / 3],
  ['3:4', 3 / 4],
  ['16:9', 16 / 9],
  ['9:16', 9 / 16],
] as const;

/**
 * The smallest canvas of `ratio` that holds the original, or grown by `grow` on each side when the
 * original already has that ratio; null past 4096 px a side.
 */
export function canvasFor(original: { width: number; height: number }, ratio: number, grow = 0.25): { width: number; height: number } | null {
  let width = Math.max(original.width, Math.round(original.height * ratio));
  let height = Math.max(original.height, Math.round(original.width / ratio));
  if (width === original.width && height === original.height) {
    width = Math.round(width * (1 + grow));
    height = Math.round(height * (1 + grow));
  }
  return Math.max(width, height) > EDIT_LIMITS.maxSide ? null : { width, height };
}
