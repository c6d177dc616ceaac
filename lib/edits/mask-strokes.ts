/** A brush or eraser stroke in the image's own pixel coordinates. */
export interface Stroke {
  mode: 'paint' | 'erase';
  /** Half the brush size, in image pixels. */
  radius: number;
  /** x0, y0, x1, y1, ... */
  points: number[];
}

/** What the mask is: the strokes in order, then an optional inversion of the whole. */
export interface MaskDoc {
  strokes: Stroke[];
  inverted: boolean;
}

export interface MaskHistory {
  past: MaskDoc[];
  present: MaskDoc;
  future: MaskDoc[];
}

export const EMPTY_MASK: MaskDoc = { strokes: [], inverted: false };
export const newHistory = (present: MaskDoc = EMPTY_MASK): MaskHistory => ({ past: [], present, future: [] });

export type MaskAction = { type: 'stroke'; stroke: Stroke } | { type: 'invert' } | { type: 'clear' } | { type: 'undo' } | { type: 'redo' } | { type: 'reset' };

const LIMIT = 200;

const push = (h: MaskHistory, present: MaskDoc): MaskHistory => ({ past: [...h.past, h.present].slice(-LIMIT), present, future: [] });

/** Every change is one undo step; a new change drops the redo stack. */
export function maskReducer(h: MaskHistory, action: MaskAction): MaskHistory {
  switch (action.type) {
    case 'stroke':
      return action.stroke.points.length < 2 ? h : push(h, { ...h.present, strokes: [...h.present.strokes, action.stroke] });
    case 'invert':
      return push(h, { ...h.present, inverted: !h.present.inverted });
    case 'clear':
      return isEmpty(h.present) ? h : push(h, EMPTY_MASK);
    case 'undo':
      return h.past.length ? { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] } : h;
    case 'redo':
      return h.future.length ? { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) } : h;
    case 'reset':
      return newHistory();
  }
}

/** Nothing would be edited: no paint and no inversion (erasing nothing is still nothing). */
export const isEmpty = (doc: MaskDoc) => !doc.inverted && !doc.strokes.some((s) => s.mode === 'paint');
