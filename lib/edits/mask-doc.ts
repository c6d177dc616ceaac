/**
 * The mask as the user made it: a list of operations, in the image's own pixel coordinates, replayed
 * in order onto a raster (lib/edits/mask-raster.ts). Every operation is one undo step.
 */

/** How an operation meets the mask so far: added to it, cut out of it, or in place of it. */
export type Combine = 'add' | 'subtract' | 'replace';

/** A brush stroke. With a pen, each point has its own radius (pressure). */
export interface Stroke {
  /** Half the brush size, in image pixels. */
  radius: number;
  /** x0, y0, x1, y1, ... */
  points: number[];
  /** One radius per point, when a pen's pressure set them. */
  radii?: number[];
}

/** Rectangles and ellipses by their bounding box (x0 < x1, y0 < y1); a polygon by its vertices. */
export type Shape = { kind: 'rect' | 'ellipse'; x0: number; y0: number; x1: number; y1: number } | { kind: 'polygon'; points: number[] };

/** A raster at the image's size, one byte a pixel (255 = edit): a magic wand's pick or an imported mask. */
export interface Region {
  width: number;
  height: number;
  data: Uint8Array;
}

export type MaskOp =
  | { type: 'stroke'; combine: Combine; stroke: Stroke }
  | { type: 'shape'; combine: Combine; shape: Shape }
  | { type: 'region'; combine: Combine; region: Region }
  /** Moves the selection's edge outward (positive) or inward (negative) by this many pixels. */
  | { type: 'grow'; pixels: number }
  | { type: 'invert' };

export interface MaskDoc {
  ops: MaskOp[];
}

export interface MaskHistory {
  past: MaskDoc[];
  present: MaskDoc;
  future: MaskDoc[];
}

export const EMPTY_MASK: MaskDoc = { ops: [] };
export const newHistory = (present: MaskDoc = EMPTY_MASK): MaskHistory => ({ past: [], present, future: [] });

export type MaskAction = { type: 'apply'; op: MaskOp } | { type: 'clear' } | { type: 'undo' } | { type: 'redo' } | { type: 'reset' };

const LIMIT = 200;

const push = (h: MaskHistory, present: MaskDoc): MaskHistory => ({ past: [...h.past, h.present].slice(-LIMIT), present, future: [] });

/** Every change is one undo step; a new change drops the redo stack. */
export function maskReducer(h: MaskHistory, action: MaskAction): MaskHistory {
  switch (action.type) {
    case 'apply':
      return isNoOp(action.op) ? h : push(h, { ops: [...h.present.ops, action.op] });
    case 'clear':
      return h.present.ops.length === 0 ? h : push(h, EMPTY_MASK);
    case 'undo':
      return h.past.length ? { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] } : h;
    case 'redo':
      return h.future.length ? { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) } : h;
    case 'reset':
      return newHistory();
  }
}

/** A click with no drag, a degenerate shape or a grow by nothing changes nothing and is no undo step. */
function isNoOp(op: MaskOp): boolean {
  switch (op.type) {
    case 'stroke':
      return op.stroke.points.length < 2;
    case 'shape':
      return op.shape.kind === 'polygon' ? op.shape.points.length < 6 : op.shape.x1 - op.shape.x0 < 1 || op.shape.y1 - op.shape.y0 < 1;
    case 'grow':
      return op.pixels === 0;
    default:
      return false;
  }
}
