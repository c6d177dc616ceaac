// Smooth interpolation of scattered values (a "membrane"), by push-pull (Gortler et al. 1996):
// weighted averages are pushed down a pyramid until every cell has support, then pulled back up,
// each level keeping what it knows and taking the rest from the smoother level below.

/**
 * Fills `values` (w*h cells of `ch` channels) where `weight` is below 1 from the cells around,
 * in place. Weights in 0..1 say how much a cell's own value counts. Work is linear in w*h.
 */
export function membraneFill(values: Float32Array, weight: Float32Array, w: number, h: number, ch: number): void {
  // Premultiplied values and weights, one pair per level; level 0 aliases nothing the caller owns.
  const vs: Float32Array[] = [new Float32Array(w * h * ch)];
  const ws: Float32Array[] = [Float32Array.from(weight)];
  const dims: Array<[number, number]> = [[w, h]];
  for (let i = 0; i < w * h; i++) for (let c = 0; c < ch; c++) vs[0][i * ch + c] = values[i * ch + c] * weight[i];

  while (dims[dims.length - 1][0] > 1 || dims[dims.length - 1][1] > 1) {
    const [fw, fh] = dims[dims.length - 1];
    const fv = vs[vs.length - 1],
      fwt = ws[ws.length - 1];
    const cw = Math.ceil(fw / 2),
      chh = Math.ceil(fh / 2);
    const cv = new Float32Array(cw * chh * ch),
      cwt = new Float32Array(cw * chh);
    for (let y = 0; y < fh; y++) {
      for (let x = 0; x < fw; x++) {
        const f = y * fw + x,
          c = (y >> 1) * cw + (x >> 1);
        // Clamped at 1 so one dense region cannot outvote a sparse one by sheer pixel count.
        const wf = fwt[f];
        if (wf === 0) continue;
        const k = Math.min(1, wf) / wf;
        cwt[c] += wf * k;
        for (let j = 0; j < ch; j++) cv[c * ch + j] += fv[f * ch + j] * k;
      }
    }
    vs.push(cv);
    ws.push(cwt);
    dims.push([cw, chh]);
  }

  // Pull: normalise each level, then blend in the coarser level where support is thin.
  const norm = (l: number): void => {
    const v = vs[l],
      wt = ws[l];
    for (let i = 0; i < wt.length; i++) {
      if (wt[i] > 0) for (let j = 0; j < ch; j++) v[i * ch + j] /= wt[i];
      wt[i] = Math.min(1, wt[i]);
    }
  };
  norm(dims.length - 1);
  for (let l = dims.length - 2; l >= 0; l--) {
    norm(l);
    const [fw, fh] = dims[l],
      [cw, chh] = dims[l + 1];
    const fv = vs[l],
      fwt = ws[l],
      cv = vs[l + 1];
    for (let y = 0; y < fh; y++) {
      // Bilinear sample of the coarse level at this cell's centre.
      const sy = Math.min(chh - 1, Math.max(0, (y - 0.5) / 2)),
        y0 = Math.floor(sy),
        y1 = Math.min(chh - 1, y0 + 1),
        ty = sy - y0;
      for (let x = 0; x < fw; x++) {
        const f = y * fw + x,
          a = fwt[f];
        if (a >= 1) continue;
        const sx = Math.min(cw - 1, Math.max(0, (x - 0.5) / 2)),
          x0 = Math.floor(sx),
          x1 = Math.min(cw - 1, x0 + 1),
          tx = sx - x0;
        const i00 = (y0 * cw + x0) * ch,
          i01 = (y0 * cw + x1) * ch,
          i10 = (y1 * cw + x0) * ch,
          i11 = (y1 * cw + x1) * ch;
        for (let j = 0; j < ch; j++) {
          const up = (cv[i00 + j] * (1 - tx) + cv[i01 + j] * tx) * (1 - ty) + (cv[i10 + j] * (1 - tx) + cv[i11 + j] * tx) * ty;
          fv[f * ch + j] = a * fv[f * ch + j] + (1 - a) * up;
        }
      }
    }
  }
  for (let i = 0; i < w * h; i++) {
    if (weight[i] >= 1) continue;
    for (let j = 0; j < ch; j++) values[i * ch + j] = vs[0][i * ch + j];
  }
}
