'use client';

import { useState } from 'react';
import type { MaskDoc } from '@/lib/edits/mask-doc';
import { applyOp, type Bounds } from '@/lib/edits/mask-raster';

export interface MaskRaster {
  data: Uint8Array;
  /** The pixels changed since the last raster: null for all of them. */
  dirty: Bounds | null;
  /** Nothing selected: nothing would be edited. */
  empty: boolean;
}

interface Drawn {
  doc: MaskDoc;
  width: number;
  height: number;
  raster: MaskRaster;
}

/**
 * The mask raster of the current document, at the image's size. A document one operation longer
 * than the last is drawn onto the same raster; anything else (undo, redo, clear) is replayed.
 * Kept as state from the previous render (React's pattern for values derived from a change).
 */
export function useMaskRaster(doc: MaskDoc, width: number, height: number): MaskRaster {
  const [drawn, setDrawn] = useState<Drawn>(() => draw(null, doc, width, height));
  if (drawn.doc === doc && drawn.width === width && drawn.height === height) return drawn.raster;
  const next = draw(drawn, doc, width, height);
  setDrawn(next);
  return next.raster;
}

function draw(prev: Drawn | null, doc: MaskDoc, width: number, height: number): Drawn {
  const n = doc.ops.length;
  const extendsPrev =
    prev && prev.width === width && prev.height === height && n === prev.doc.ops.length + 1 && (n === 1 || doc.ops[n - 2] === prev.doc.ops[n - 2]);
  let data: Uint8Array;
  let dirty: Bounds | null = null;
  if (extendsPrev) {
    // Drawing a shape, stroke or region twice changes nothing, so those go onto the same bytes (a
    // render may run twice); an inversion or a grow would not survive that, so they get a copy.
    const op = doc.ops[n - 1];
    data = op.type === 'invert' || op.type === 'grow' ? prev.raster.data.slice() : prev.raster.data;
    dirty = applyOp(data, width, height, op);
  } else {
    data = new Uint8Array(width * height);
    for (const op of doc.ops) applyOp(data, width, height, op);
  }
  return { doc, width, height, raster: { data, dirty, empty: !data.some((v) => v > 0) } };
}
