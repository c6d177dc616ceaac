import type { Combine, MaskOp } from '@/lib/edits/mask-doc';
import type { WandOptions } from '@/lib/edits/mask-select';
import type { MaskRaster } from './use-mask-raster';

export type MaskTool = 'brush' | 'rect' | 'ellipse' | 'lasso' | 'polygon' | 'wand';

/** The picture, its mask and the tools' settings, as the studio hands them to the canvas. */
export interface MaskCanvasProps {
  image: HTMLImageElement;
  /** The image's natural size: operations are kept in these coordinates. */
  width: number;
  height: number;
  raster: MaskRaster;
  /** Mask tools on (the mask kinds); otherwise the image can only be zoomed and panned. */
  masking: boolean;
  tool: MaskTool;
  combine: Combine;
  radius: number;
  feather: number;
  opacity: number;
  color: string;
  wand: WandOptions;
  onOp: (op: MaskOp) => void;
}

/** A drag of a tool under way, in image pixels (a pen's radii beside its points). */
export type Drag = { id: number; tool: 'brush' | 'rect' | 'ellipse' | 'lasso'; combine: Combine; points: number[]; radii?: number[] };

/** Shift held when a drag starts adds, Alt subtracts, whatever the toolbar says. */
export const combineOf = (e: { shiftKey: boolean; altKey: boolean }, chosen: Combine): Combine => (e.altKey ? 'subtract' : e.shiftKey ? 'add' : chosen);
export const compositeFor = (combine: Combine) => (combine === 'subtract' ? 'destination-out' : 'source-over');

/** A key pressed in a field types there: the canvas's shortcuts leave it alone. */
export const isTyping = (e: KeyboardEvent) => e.target instanceof HTMLElement && e.target.closest('input, textarea, select, [contenteditable]');

/** Inputs that take no typed text: a key pressed on one of them is no one's text. */
const NOT_TEXT = ['radio', 'checkbox', 'range', 'button', 'submit', 'reset', 'file', 'color', 'image'];

/** The key goes into a text field (a prompt, a number): shortcuts leave it alone; on any other control they act. */
export function isTypingText(e: KeyboardEvent): boolean {
  const target = e.target instanceof HTMLElement ? e.target : null;
  if (!target) return false;
  if (target instanceof HTMLInputElement) return !NOT_TEXT.includes(target.type);
  return Boolean(target.closest('textarea, [contenteditable]:not([contenteditable="false"])'));
}

/** What a finished drag makes: shapes snap to whole pixels, so a rectangle is exactly the pixels it was dragged over. */
export function operationOf(d: Drag, radius: number): MaskOp | null {
  if (d.tool === 'rect' || d.tool === 'ellipse') {
    const [x0, y0, x1, y1] = box2(d.points).map(Math.round);
    return { type: 'shape', combine: d.combine, shape: { kind: d.tool, x0, y0, x1, y1 } };
  }
  if (d.tool === 'lasso') return { type: 'shape', combine: d.combine, shape: { kind: 'polygon', points: d.points.slice(2).map(round2) } };
  const trimmed = d.points.length > 4 ? d.points.slice(2) : d.points;
  const radii = d.radii && (d.points.length > 4 ? d.radii.slice(1) : d.radii);
  return { type: 'stroke', combine: d.combine, stroke: { radius, points: trimmed.map(round2), ...(radii ? { radii: radii.map(round2) } : {}) } };
}

/** A pen's pressure as a share of the brush size (never under a tenth); null for a mouse or a finger. */
export function pressureOf(e: PointerEvent): number | null {
  return e.pointerType === 'pen' ? Math.max(0.1, Math.min(1, e.pressure || 0.5)) : null;
}

export const round2 = (v: number) => Math.round(v * 100) / 100;
export const box2 = ([ax, ay, bx, by]: number[]) => [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
